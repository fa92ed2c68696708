import { LIST_NOTE_MAX } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';

/** The owner's note editor for one entry: a counted field with Save and Cancel. */
export function EntryNoteEditor({
  label,
  initial,
  onSave,
  onDone,
}: {
  label: string;
  initial: string;
  onSave: (note: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [note, setNote] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave(note.trim());
      onDone();
    } catch (failure) {
      setError(userMessage(failure, t`Could not save the note. Please try again.`));
      setBusy(false);
    }
  }

  return (
    <form className="form list-entry__note-form" onSubmit={submit}>
      <TextAreaField
        label={label}
        rows={3}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        counter={{ max: LIST_NOTE_MAX }}
        autoFocus
      />
      <FormError message={error} />
      <div className="list-entry__buttons">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t`Cancel`}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Saving...` : t`Save note`}
        </button>
      </div>
    </form>
  );
}
