import { charCount, checkNote, POST_CONTENT_MAX, POST_TITLE_MAX } from '@liner/shared';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCreateNote } from '../api/create-note.ts';
import '../../../components/ui/form.css';

/** 'Create New Note' (spec §2, §5): live counters, trimmed values, submit disabled while empty or saving. */
export function CreateNoteDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const create = useCreateNote(userId);
  const titleId = useId();
  const contentId = useId();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const note = checkNote({ title, content });
    if (!note.ok) return setError(note.message);
    setError(null);
    try {
      await create.mutateAsync({ title: note.title, content: note.content });
      onClose();
    } catch {
      setError('Failed to create post. Please try again.');
    }
  }

  const empty = !title.trim() || !content.trim();
  return (
    <Modal title="Create New Note" onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor={titleId}>Title</label>
          <input id={titleId} className="input" value={title} onChange={(e) => setTitle(e.target.value)} />
          <span className="field__hint">
            {charCount(title)}/{POST_TITLE_MAX}
          </span>
        </div>
        <div className="field">
          <label htmlFor={contentId}>Content</label>
          <textarea
            id={contentId}
            className="input"
            rows={7}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
          <span className="field__hint">
            {charCount(content)}/{POST_CONTENT_MAX}
          </span>
        </div>
        <FormError message={error} />
        <div className="modal__footer">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={empty || create.isPending}>
            {create.isPending ? 'Creating...' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
