import { REVIEW_MAX } from '@liner/shared';
import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import '../../../components/ui/form.css';

/** 'Write a Review for "{album}"' (spec §2): confirming adds to the collection with the review. */
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
  onConfirm: (review: string) => void;
  onSkip: () => void;
}) {
  const [text, setText] = useState('');
  const blank = text.trim().length === 0;
  return (
    <Modal title={`Write a Review for "${albumName}"`} onClose={onSkip} wide>
      <p>You rated this album {albumRating} stars. Share your thoughts about it!</p>
      <TextAreaField
        label="Review"
        hideLabel
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="What stayed with you?"
        counter={{ max: REVIEW_MAX, unit: 'characters' }}
      />
      <FormError message={error} />
      <div className="modal__footer">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setText('');
            onSkip();
          }}
        >
          Skip Review
        </button>
        <button type="button" className="btn btn-primary" disabled={blank || busy} onClick={() => onConfirm(text)}>
          {busy ? 'Creating Review...' : 'Create Review & Add to Collection'}
        </button>
      </div>
    </Modal>
  );
}
