import { RadioGroup } from '@base-ui/react/radio-group';
import type { RegistrationMode, RegistrationSettings } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useUpdateRegistration } from '../api/update-registration.ts';
import { formatDay } from './format.ts';

export const registrationModes = (): { value: RegistrationMode; label: string; explanation: string }[] => [
  { value: 'open', label: t`Open`, explanation: t`Anyone can create an account.` },
  {
    value: 'invite',
    label: t`By invitation`,
    explanation: t`Only people with an invitation link can create an account, with their e-mail address.`,
  },
  { value: 'closed', label: t`Closed`, explanation: t`Nobody can create an account; members still sign in.` },
];

const labelOf = (mode: RegistrationMode) => registrationModes().find((m) => m.value === mode)?.label ?? mode;

/** Who may create an account: a radio group (Base UI) and Save; the environment's default beside it. */
export function RegistrationModeForm({ settings }: { settings: RegistrationSettings }) {
  const headingId = useId();
  const [chosen, setChosen] = useState<RegistrationMode>(settings.mode);
  const update = useUpdateRegistration();
  const configured = labelOf(settings.configuredMode);
  const current = labelOf(settings.mode);
  const changedOn = settings.changedAt ? formatDay(settings.changedAt) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(chosen);
  }

  return (
    <form className="form" onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId} className="community-subheading">
        {t`Who can create an account`}
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
        {registrationModes().map((mode) => (
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
        {changedOn
          ? t`Default from REGISTRATION: ${configured} (an admin chose ${current} on ${changedOn})`
          : t`Default from REGISTRATION: ${configured} (in use: no admin has chosen yet)`}
      </p>
      <FormError message={update.error?.message} />
      <FormSuccess message={update.isSuccess ? t`Saved: registration is ${current}.` : null} />
      <SubmitButton
        label={t`Save`}
        busy={update.isPending}
        busyLabel={t`Saving...`}
        disabled={chosen === settings.mode}
        className="admin-form__submit"
      />
    </form>
  );
}
