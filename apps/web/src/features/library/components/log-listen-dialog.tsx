import { listenDateProblem } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { FormFooter } from '../../../components/ui/form-footer.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useLogListen } from '../api/log-listen.ts';
import { freshListen, ListenFields } from './listen-fields.tsx';
import '../../../components/ui/form.css';

/** 'Log a listen' from the album page: a day (today unless changed) and the relisten flag. */
export function LogListenDialog({
  albumId,
  albumName,
  onClose,
}: {
  albumId: string;
  albumName: string;
  onClose: () => void;
}) {
  const log = useLogListen(albumId);
  const [choice, setChoice] = useState(freshListen);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rule, so the words match what it would answer.
    const problem = listenDateProblem(choice.listenedOn);
    if (problem) return setError(fromServer(problem));
    setError(null);
    try {
      await log.mutateAsync(choice);
      onClose();
    } catch (e) {
      setError(userMessage(e, t`Failed to log the listen. Please try again.`));
    }
  }

  return (
    <Modal title={t`Log a listen`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{t`When did you listen to ${albumName}?`}</p>
        <ListenFields value={choice} onChange={setChoice} />
        <FormError message={error} />
        <FormFooter onCancel={onClose}>
          <SubmitButton label={t`Log listen`} busy={log.isPending} busyLabel={t`Logging...`} />
        </FormFooter>
      </form>
    </Modal>
  );
}
