import { POST_CONTENT_MAX, POST_TITLE_MAX, type Post, UpdatePostBodySchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import * as z from 'zod/mini';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormFooter } from '../../../components/ui/form-footer.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { VisibilityPicker } from '../../../components/visibility/visibility-picker.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useUpdatePost } from '../api/update-post.ts';
import '../../../components/ui/form.css';

/**
 * "Edit Note" (title and content) or "Edit Review" (text and rating, the author's album rating),
 * and who can see either.
 * The same rules as writing one are checked here first and again by the server.
 */
export function EditPostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const update = useUpdatePost(post);
  const isReview = post.type === 'review';
  const album = post.album?.name ?? post.title;
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const startRating = post.rating === null ? null : Math.round(post.rating * 2);
  const [rating, setRating] = useState<number | null>(startRating);
  const [visibility, setVisibility] = useState(post.visibility);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const changes = {
      ...(isReview ? {} : { title }),
      content,
      ...(isReview && rating !== null && rating !== startRating ? { rating } : {}),
      ...(visibility !== post.visibility ? { visibility } : {}),
    };
    const checked = z.safeParse(UpdatePostBodySchema, changes);
    if (!checked.success) return setError(fromServer(checked.error.issues[0]?.message ?? t`Please check the post`));
    setError(null);
    try {
      await update.mutateAsync(checked.data);
      onClose();
    } catch (failure) {
      setError(userMessage(failure, t`Failed to save your changes. Please try again.`));
    }
  }

  return (
    <Modal title={isReview ? t`Edit Review` : t`Edit Note`} onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        {isReview ? (
          <div className="field">
            {/* The stars carry their own name; this is the field's visible heading. */}
            <span className="field__label" aria-hidden="true">
              {t`Rating`}
            </span>
            <StarRating value={rating} onChange={setRating} label={t`Your rating of ${album}`} />
          </div>
        ) : (
          <Field
            label={t`Title`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            counter={{ max: POST_TITLE_MAX, stop: true }}
          />
        )}
        <TextAreaField
          label={isReview ? t`Review` : t`Content`}
          rows={7}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          counter={{ max: POST_CONTENT_MAX }}
        />
        <VisibilityPicker kind="item" value={visibility} onChange={setVisibility} />
        <FormError message={error} />
        <FormFooter onCancel={onClose}>
          <SubmitButton label={t`Save`} busy={update.isPending} busyLabel={t`Saving...`} />
        </FormFooter>
      </form>
    </Modal>
  );
}
