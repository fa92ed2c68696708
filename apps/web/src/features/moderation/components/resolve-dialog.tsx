import { MODERATION_NOTE_MAX, type ModerationAction, type ReportGroup } from '@liner/shared';
import { plural, select, t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { type ReportedKind, reportedKind } from './report-group.tsx';

/**
 * The dialog's title and its button's word for each action. The buttons' words are one message, so
 * each is translated as what it does here (a notification's "Dismiss" only hides it).
 */
function wordsFor(action: ModerationAction): { title: string; button: string } {
  const button = select(action, { dismiss: 'Dismiss', remove: 'Remove', other: 'Suspend' });
  if (action === 'dismiss') return { title: t`Dismiss Reports`, button };
  if (action === 'remove') return { title: t`Remove Content`, button };
  return { title: t`Suspend Author`, button };
}

function consequence(action: ModerationAction, group: ReportGroup): string {
  const { item } = group;
  const kind = reportedKind(item);
  const who = item.author?.displayName;
  if (action === 'dismiss') {
    const stays: Record<ReportedKind, string> = {
      review: t`The review stays as it is.`,
      note: t`The note stays as it is.`,
      post: t`The post stays as it is.`,
      comment: t`The comment stays as it is.`,
      list: t`The list stays as it is.`,
      profile: t`The profile stays as it is.`,
    };
    return stays[kind];
  }
  if (action === 'suspend') {
    return who
      ? t`${who} is signed out everywhere and cannot sign in until the suspension is lifted.`
      : t`the author is signed out everywhere and cannot sign in until the suspension is lifted.`;
  }
  if (kind === 'profile') {
    return who
      ? t`${who}'s bio and picture are removed. This cannot be undone.`
      : t`the author's bio and picture are removed. This cannot be undone.`;
  }
  const deleted: Record<Exclude<ReportedKind, 'profile'>, string> = {
    review: t`The review is deleted with its likes and comments. This cannot be undone.`,
    note: t`The note is deleted with its likes and comments. This cannot be undone.`,
    post: t`The post is deleted with its likes and comments. This cannot be undone.`,
    comment: t`The comment is deleted with its likes and comments. This cannot be undone.`,
    list: t`The list is deleted with its likes and comments. This cannot be undone.`,
  };
  return deleted[kind];
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
  const words = wordsFor(action);
  const reports = group.count;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(note.trim());
  };
  return (
    <Modal title={words.title} onClose={onCancel} narrow>
      <form className="form" onSubmit={submit}>
        <p>
          {consequence(action, group)}{' '}
          {plural(reports, {
            one: 'The report is closed, and its sender is told it was reviewed, not what was done.',
            other: 'All # reports are closed, and their senders are told it was reviewed, not what was done.',
          })}
        </p>
        <TextAreaField
          label={t`Note for the audit log (optional)`}
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          counter={{ max: MODERATION_NOTE_MAX }}
        />
        <FormError message={error} />
        <div className="moderation-dialog__actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t`Cancel`}
          </button>
          <SubmitButton
            label={words.button}
            busy={busy}
            busyLabel={t`Saving...`}
            variant={action === 'dismiss' ? 'primary' : 'danger'}
          />
        </div>
      </form>
    </Modal>
  );
}
