import { MODERATION_NOTE_MAX, type ModerationAction, type ReportGroup } from '@liner/shared';
import { type FormEvent, useState } from 'react';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

const TITLES: Record<ModerationAction, string> = {
  dismiss: 'Dismiss Reports',
  remove: 'Remove Content',
  suspend: 'Suspend Author',
};

function consequence(action: ModerationAction, group: ReportGroup): string {
  const { item } = group;
  const who = item.author?.displayName ?? 'the author';
  if (action === 'dismiss') return `The ${item.kindLabel.toLowerCase()} stays as it is.`;
  if (action === 'suspend') return `${who} is signed out everywhere and cannot sign in until the suspension is lifted.`;
  if (item.type === 'user') return `${who}'s bio and picture are removed. This cannot be undone.`;
  return `The ${item.kindLabel.toLowerCase()} is deleted with its likes and comments. This cannot be undone.`;
}

/** The admin's confirmation, with a note for the audit log; the reporters learn only that it was reviewed. */
export function ResolveDialog({
  group,
  action,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  group: ReportGroup;
  action: ModerationAction;
  busy: boolean;
  error: string | null;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(note.trim());
  };
  return (
    <Modal title={TITLES[action]} onClose={onCancel} narrow>
      <form className="form" onSubmit={submit}>
        <p>
          {consequence(action, group)} {group.count === 1 ? 'The report is' : `All ${group.count} reports are`} closed,
          and {group.count === 1 ? 'its sender is' : 'their senders are'} told it was reviewed, not what was done.
        </p>
        <TextAreaField
          label="Note for the audit log (optional)"
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          counter={{ max: MODERATION_NOTE_MAX }}
        />
        <FormError message={error} />
        <div className="moderation-dialog__actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
          <SubmitButton
            label={TITLES[action].split(' ')[0] ?? 'Confirm'}
            busy={busy}
            busyLabel="Saving..."
            variant={action === 'dismiss' ? 'primary' : 'danger'}
          />
        </div>
      </form>
    </Modal>
  );
}
