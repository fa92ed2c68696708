import { AudienceSchema, type PrivacySettings } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { audienceLabel } from '../../../components/visibility/audience-label.ts';
import { paths } from '../../../lib/paths.ts';
import { useBlock, useMute } from '../../../lib/safety/block-mute.ts';
import { usePrivacy, useSavePrivacy } from '../api/privacy.ts';
import { MyPeopleList } from './my-people-list.tsx';
import './safety.css';

/** Settings' Privacy section: a private profile, the default audience, and whom the member blocked or muted. */
export function PrivacySettingsCard() {
  const privacy = usePrivacy();
  const save = useSavePrivacy();
  const ids = { help: useId(), audience: useId(), audienceHelp: useId() };
  const current = save.isPending && save.variables ? save.variables : privacy.data;
  const change = (next: Partial<PrivacySettings>) => {
    if (current) save.mutate({ ...current, ...next });
  };
  return (
    <section className="settings-card" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">{t`Privacy`}</h2>
      <SwitchField
        checked={current?.locked ?? false}
        disabled={!current}
        describedBy={ids.help}
        onChange={(locked) => change({ locked })}
      >
        {t`Private profile`}
      </SwitchField>
      <p className="muted" id={ids.help}>
        {t`New followers must ask first, and you approve or decline each request. Only your followers see your reviews, notes, lists, diary, likes and music; anyone can still see your name, picture, bio and counts. Turning this off approves everyone waiting.`}
      </p>
      <p>
        <Link to={paths.followRequests()}>{t`Follow requests`}</Link>
      </p>
      <div className="privacy-field">
        <label htmlFor={ids.audience}>{t`Default visibility for new reviews, notes and lists`}</label>
        <select
          id={ids.audience}
          className="input"
          value={current?.defaultAudience ?? 'public'}
          disabled={!current}
          aria-describedby={ids.audienceHelp}
          onChange={(event) => change({ defaultAudience: AudienceSchema.parse(event.target.value) })}
        >
          {AudienceSchema.options.map((audience) => (
            <option key={audience} value={audience}>
              {audienceLabel(audience)}
            </option>
          ))}
        </select>
        <p className="muted" id={ids.audienceHelp}>
          {t`You can still choose for each one as you write it.`}
        </p>
      </div>
      <p role="status" className="muted settings-card__status">
        {save.isSuccess ? t`Privacy settings saved.` : ''}
      </p>
      <FormError message={save.error?.message ?? privacy.error?.message} />
    </section>
  );
}

function UnblockButton({ userId, displayName }: { userId: string; displayName: string }) {
  const block = useBlock(userId);
  return (
    <button type="button" className="btn" disabled={block.isPending} onClick={() => block.mutate(false)}>
      {t`Unblock`}
      <span className="visually-hidden"> {displayName}</span>
    </button>
  );
}

function UnmuteButton({ userId, displayName }: { userId: string; displayName: string }) {
  const mute = useMute(userId);
  return (
    <button type="button" className="btn" disabled={mute.isPending} onClick={() => mute.mutate(false)}>
      {t`Unmute`}
      <span className="visually-hidden"> {displayName}</span>
    </button>
  );
}

export function BlockedPeopleCard() {
  return (
    <section className="settings-card" aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">{t`Blocked people`}</h2>
      <p className="muted">{t`They cannot follow you or see your profile and posts while signed in.`}</p>
      <MyPeopleList
        which="blocks"
        label={t`Blocked people`}
        empty={t`You have not blocked anyone.`}
        actions={(person) => <UnblockButton userId={person.userId} displayName={person.displayName} />}
      />
    </section>
  );
}

export function MutedPeopleCard() {
  return (
    <section className="settings-card" aria-labelledby="muted-heading">
      <h2 id="muted-heading">{t`Muted people`}</h2>
      <p className="muted">{t`You don't see them in your feed, notifications or comment threads. They are not told.`}</p>
      <MyPeopleList
        which="mutes"
        label={t`Muted people`}
        empty={t`You have not muted anyone.`}
        actions={(person) => <UnmuteButton userId={person.userId} displayName={person.displayName} />}
      />
    </section>
  );
}
