import { RadioGroup } from '@base-ui/react/radio-group';
import type { RegistrationMode, RegistrationSettings } from '@liner/shared';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useUpdateRegistration } from '../api/update-registration.ts';
import { formatDay } from './format.ts';

export const MODES: { value: RegistrationMode; label: string; explanation: string }[] = [
  { value: 'open', label: 'Open', explanation: 'Anyone can create an account.' },
  {
    value: 'invite',
    label: 'By invitation',
    explanation: 'Only people with an invitation link can create an account, with their e-mail address.',
  },
  { value: 'closed', label: 'Closed', explanation: 'Nobody can create an account; members still sign in.' },
];

const labelOf = (mode: RegistrationMode) => MODES.find((m) => m.value === mode)?.label ?? mode;

/** Who may create an account: a radio group (Base UI) and Save; the environment's default beside it. */
export function RegistrationModeForm({ settings }: { settings: RegistrationSettings }) {
  const headingId = useId();
  const [chosen, setChosen] = useState<RegistrationMode>(settings.mode);
  const update = useUpdateRegistration();

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(chosen);
  }

  return (
    <form className="form" onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId} className="community-subheading">
        Who can create an account
      </h3>
      <RadioGroup
        className="community-modes"
        aria-labelledby={headingId}
        value={chosen}
        onValueChange={(value) => {
          update.reset();
          setChosen(value as RegistrationMode);
        }}
      >
        {MODES.map((mode) => (
          <ChoiceCard
            key={mode.value}
            value={mode.value}
            label={mode.label}
            description={mode.explanation}
            id={`${headingId}-${mode.value}`}
          />
        ))}
      </RadioGroup>
      <p className="community-note">
        Default from REGISTRATION: {labelOf(settings.configuredMode)}
        {settings.changedAt
          ? ` (an admin chose ${labelOf(settings.mode)} on ${formatDay(settings.changedAt)})`
          : ' (in use: no admin has chosen yet)'}
      </p>
      <FormError message={update.error?.message} />
      <FormSuccess message={update.isSuccess ? `Saved: registration is ${labelOf(settings.mode)}.` : null} />
      <SubmitButton
        label="Save"
        busy={update.isPending}
        busyLabel="Saving..."
        disabled={chosen === settings.mode}
        className="admin-form__submit"
      />
    </form>
  );
}
