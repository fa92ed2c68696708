import { type Audience, charCount, type LogListenBody, listenDateProblem, REVIEW_MAX } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAudienceChoice, VisibilityPicker } from '../../../components/visibility/visibility-picker.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { freshListen, ListenFields } from './listen-fields.tsx';
import '../../../components/ui/form.css';

/**
 * 'Write a Review for "{album}"' (spec §2): confirming adds to the collection with the review, and
 * with a listen for the diary when 'Log a listen' is ticked. The submit stays disabled while the
 * review is blank or over its limit (spec §5). Who can see the review starts at the member's default
 * audience; undefined is sent while that loads, and the server applies it.
 */
export function ReviewModal({
  albumName,
  albumRating,
  busy,
  error,
  onConfirm,
  onSkip,
}: {
  albumName: string;
  albumRating: number;
  busy: boolean;
  error: string | null;
  onConfirm: (review: string, visibility: Audience | undefined, listen?: LogListenBody) => void;
  onSkip: () => void;
}) {
  const [text, setText] = useState('');
  const [logListen, setLogListen] = useState(false);
  const [listen, setListen] = useState(freshListen);
  const [listenError, setListenError] = useState<string | null>(null);
  const audience = useAudienceChoice();
  const blank = text.trim().length === 0;
  // Counted as the counter under the field counts, so '2001/2000 characters' and a grey button agree.
  const tooLong = charCount(text) > REVIEW_MAX;
  const confirm = () => {
    if (!logListen) return onConfirm(text, audience.sent);
    // The server's own rule, so the words match what it would answer.
    const problem = listenDateProblem(listen.listenedOn);
    setListenError(problem && fromServer(problem));
    if (!problem) onConfirm(text, audience.sent, listen);
  };
  return (
    <Modal title={t`Write a Review for "${albumName}"`} onClose={onSkip} wide>
      <p>
        {plural(albumRating, {
          one: 'You rated this album # stars. Share your thoughts about it!',
          other: 'You rated this album # stars. Share your thoughts about it!',
        })}
      </p>
      <TextAreaField
        label={t`Review`}
        hideLabel
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t`What stayed with you?`}
        counter={{ max: REVIEW_MAX, unit: t`characters` }}
      />
      <VisibilityPicker kind="item" value={audience.value} onChange={audience.choose} />
      <label className="check-label">
        <input type="checkbox" checked={logListen} onChange={(event) => setLogListen(event.target.checked)} />
        {t`Log a listen`}
      </label>
      {logListen && <ListenFields value={listen} onChange={setListen} />}
      <FormError message={listenError ?? error} />
      <div className="modal__footer">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setText('');
            onSkip();
          }}
        >
          {t`Skip Review`}
        </button>
        <button type="button" className="btn btn-primary" disabled={blank || tooLong || busy} onClick={confirm}>
          {busy ? t`Creating Review...` : t`Create Review & Add to Collection`}
        </button>
      </div>
    </Modal>
  );
}
