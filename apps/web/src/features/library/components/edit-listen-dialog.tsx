import { type Listen, listenDateProblem, UpdateListenBodySchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import * as z from 'zod/mini';
import { FormFooter } from '../../../components/ui/form-footer.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useUpdateListen } from '../api/update-listen.ts';
import { ListenFields } from './listen-fields.tsx';
import '../../../components/ui/form.css';

/** 'Edit listen' from the album page: the day and the relisten flag, as the API lets them change. */
export function EditListenDialog({
  listen,
  albumName,
  onClose,
}: {
  listen: Listen;
  albumName: string;
  onClose: () => void;
}) {
  const update = useUpdateListen(listen.albumId);
  const [choice, setChoice] = useState({ listenedOn: listen.listenedOn, relisten: listen.relisten });
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own rules and words: the day first, then the contract (which refuses no change).
    const problem = listenDateProblem(choice.listenedOn);
    if (problem) return setError(fromServer(problem));
    const checked = z.safeParse(UpdateListenBodySchema, {
      ...(choice.listenedOn !== listen.listenedOn && { listenedOn: choice.listenedOn }),
      ...(choice.relisten !== listen.relisten && { relisten: choice.relisten }),
    });
    if (!checked.success) {
      return setError(fromServer(checked.error.issues[0]?.message ?? t`Please check the listen`));
    }
    setError(null);
    try {
      await update.mutateAsync({ listenId: listen.id, changes: checked.data });
      onClose();
    } catch (e) {
      setError(userMessage(e, t`Failed to save the listen. Please try again.`));
    }
  }

  return (
    <Modal title={t`Edit listen`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{t`When did you listen to ${albumName}?`}</p>
        <ListenFields value={choice} onChange={setChoice} />
        <FormError message={error} />
        <FormFooter onCancel={onClose}>
          <SubmitButton label={t`Save`} busy={update.isPending} busyLabel={t`Saving...`} />
        </FormFooter>
      </form>
    </Modal>
  );
}
