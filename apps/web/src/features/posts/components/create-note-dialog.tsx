import { checkNote, POST_CONTENT_MAX, POST_TITLE_MAX } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormFooter } from '../../../components/ui/form-footer.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAudienceChoice, VisibilityPicker } from '../../../components/visibility/visibility-picker.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useCreateNote } from '../api/create-note.ts';
import '../../../components/ui/form.css';

/**
 * 'Create New Note' (spec §2, §5): live counters, the title stops at its 100 characters, trimmed
 * values. Submit is disabled while a field is empty or saving; a field of only spaces is not empty
 * to the eye, so submitting says why it is refused ('Title is required') instead of staying grey.
 * Who can see it starts at the member's default audience.
 */
export function CreateNoteDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const create = useCreateNote(userId);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const audience = useAudienceChoice();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const note = checkNote({ title, content });
    if (!note.ok) return setError(fromServer(note.message));
    setError(null);
    try {
      await create.mutateAsync({
        title: note.title,
        content: note.content,
        ...(audience.sent ? { visibility: audience.sent } : {}),
      });
      onClose();
    } catch {
      setError(t`Failed to create post. Please try again.`);
    }
  }

  const empty = title === '' || content === '';
  return (
    <Modal title={t`Create New Note`} onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        <Field
          label={t`Title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          counter={{ max: POST_TITLE_MAX, stop: true }}
        />
        <TextAreaField
          label={t`Content`}
          rows={7}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          counter={{ max: POST_CONTENT_MAX }}
        />
        <VisibilityPicker kind="item" value={audience.value} onChange={audience.choose} />
        <FormError message={error} />
        <FormFooter onCancel={onClose}>
          <SubmitButton label={t`Create`} busy={create.isPending} busyLabel={t`Creating...`} disabled={empty} />
        </FormFooter>
      </form>
    </Modal>
  );
}
