import {
  checkListFields,
  LIST_DESCRIPTION_MAX,
  LIST_TITLE_MAX,
  type ListKind,
  type ListVisibility,
} from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormFooter } from '../../../components/ui/form-footer.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { VisibilityPicker } from '../../../components/visibility/visibility-picker.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useDefaultAudience } from '../../../lib/my-profile.ts';
import '../../../components/ui/form.css';
import './lists.css';

export interface ListFields {
  title: string;
  description: string;
  kind: ListKind;
  ranked: boolean;
  /** Absent: the member's default audience, which the server applies (while it has not loaded). */
  visibility?: ListVisibility;
}

/**
 * "New list" and "Edit list": title and description with live counters (counted as the server
 * counts), what the list holds (only when making it), ranked, and who can see it: a new list starts
 * at the member's default audience. The server's refusals show in the page's language.
 */
export function ListFormDialog({
  title: dialogTitle,
  initial,
  creating,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: ListFields;
  /** Making a list ('Create'), else editing one ('Save'), which cannot change what it holds: the kind choice is left out. */
  creating: boolean;
  onSubmit: (fields: ListFields) => Promise<void>;
  onClose: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<ListFields>) => setFields((current) => ({ ...current, ...change }));
  // Only a new list starts from the default audience: an edit starts from the list's own.
  const fallback = useDefaultAudience(initial.visibility === undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const refused = checkListFields({ title: fields.title, description: fields.description });
    if (refused) return setError(fromServer(refused));
    setError(null);
    setBusy(true);
    try {
      await onSubmit({
        ...fields,
        title: fields.title.trim(),
        description: fields.description.trim(),
        visibility: fields.visibility ?? fallback,
      });
    } catch (failure) {
      setError(userMessage(failure, t`Could not save the list. Please try again.`));
      setBusy(false);
    }
  }

  return (
    <Modal title={dialogTitle} onClose={onClose} wide>
      <form className="form" onSubmit={submit}>
        <Field
          label={t`Title`}
          value={fields.title}
          onChange={(e) => set({ title: e.target.value })}
          counter={{ max: LIST_TITLE_MAX, stop: true }}
        />
        <TextAreaField
          label={t`Description`}
          rows={4}
          value={fields.description}
          onChange={(e) => set({ description: e.target.value })}
          counter={{ max: LIST_DESCRIPTION_MAX }}
        />
        {creating && (
          <fieldset className="list-form__choice">
            <legend>{t`What does it hold?`}</legend>
            <label className="list-form__check">
              <input
                type="radio"
                name="kind"
                checked={fields.kind === 'album'}
                onChange={() => set({ kind: 'album' })}
              />
              {t`Albums`}
            </label>
            <label className="list-form__check">
              <input type="radio" name="kind" checked={fields.kind === 'song'} onChange={() => set({ kind: 'song' })} />
              {t`Songs`}
            </label>
          </fieldset>
        )}
        <VisibilityPicker
          kind="list"
          value={fields.visibility ?? fallback ?? 'public'}
          onChange={(chosen) => set({ visibility: chosen })}
        />
        <label className="list-form__check">
          <input type="checkbox" checked={fields.ranked} onChange={(e) => set({ ranked: e.target.checked })} />
          {t`Ranked (numbered in order)`}
        </label>
        <FormError message={error} />
        <FormFooter onCancel={onClose}>
          <SubmitButton
            label={creating ? t`Create` : t`Save`}
            busy={busy}
            busyLabel={creating ? t`Creating...` : t`Saving...`}
            disabled={fields.title === ''}
          />
        </FormFooter>
      </form>
    </Modal>
  );
}
