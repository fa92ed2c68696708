import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useSaveSpoilerFree, useSpoilerFree } from '../api/spoiler-free.ts';

/** Settings' Scores section: spoiler-free scores, off until the member turns them on. */
export function SpoilerFreeSettingsCard() {
  const setting = useSpoilerFree();
  const save = useSaveSpoilerFree();
  const help = useId();
  const current = save.isPending && save.variables ? save.variables : setting.data;
  return (
    <section className="settings-card" aria-labelledby="scores-heading">
      <h2 id="scores-heading">{t`Scores`}</h2>
      <SwitchField
        checked={current?.spoilerFree ?? false}
        disabled={!current}
        describedBy={help}
        onChange={(spoilerFree) => save.mutate({ spoilerFree })}
      >
        {t`Spoiler-free scores`}
      </SwitchField>
      <p className="muted" id={help}>
        {t`Make up your own mind first: an album's community average, how its ratings spread, its chart positions and the ratings of reviewers and people you follow stay hidden until you rate it. Its page can still show them when you ask.`}
      </p>
      <p role="status" className="muted settings-card__status">
        {save.isSuccess ? t`Score settings saved.` : ''}
      </p>
      <FormError message={save.error?.message ?? setting.error?.message} />
    </section>
  );
}
