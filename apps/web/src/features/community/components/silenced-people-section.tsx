import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { useSetPersonSilenced, useSilencedPeople } from '../api/silenced-people.ts';
import { formatDay } from './format.ts';
import './community.css';

/** An address, not words: the same in every language. */
const EXAMPLE_HANDLE = 'name@example.social';

/**
 * People of other servers silenced one by one: their follows of members become requests and their
 * reviews reach only the members who follow them (a whole server is silenced above it).
 */
export function SilencedPeopleSection() {
  const list = useSilencedPeople();
  const change = useSetPersonSilenced();
  const [handle, setHandle] = useState('');
  const [done, setDone] = useState<string | null>(null);

  function silence(event: FormEvent) {
    event.preventDefault();
    const name = handle.trim().replace(/^@/, '');
    if (!name) return;
    setDone(null);
    change.mutate(
      { handle: name, silenced: true },
      {
        onSuccess: () => {
          setHandle('');
          setDone(t`Silenced ${name}.`);
        },
      },
    );
  }

  return (
    <section className="card admin-card" aria-labelledby="silenced-people-heading">
      <h2 id="silenced-people-heading">{t`Silenced people`}</h2>
      <form className="form" onSubmit={silence}>
        <div className="field">
          <label htmlFor="silence-person">{t`Silence a person of another server`}</label>
          <input
            id="silence-person"
            className="input"
            placeholder={EXAMPLE_HANDLE}
            autoComplete="off"
            maxLength={300}
            value={handle}
            onChange={(event) => {
              change.reset();
              setHandle(event.target.value);
            }}
          />
        </div>
        <p className="community-note">
          {t`Their follows of members become requests, and their reviews reach only the members who follow them.`}
        </p>
        <FormError message={change.error?.message} />
        <FormSuccess message={done} />
        <SubmitButton
          label={t`Silence`}
          busy={change.isPending}
          busyLabel={t`Silencing...`}
          disabled={!handle.trim()}
        />
      </form>
      {list.isPending ? (
        <PendingState fetchStatus={list.fetchStatus} className="admin-card__state" />
      ) : list.isError ? (
        <p className="form-error" role="alert">
          {t`Failed to load the silenced people: ${userMessage(list.error, t`Please try again.`)}`}
        </p>
      ) : list.data.people.length === 0 ? (
        <p className="muted community-domains__heading">{t`Nobody is silenced.`}</p>
      ) : (
        <ul className="community-domains community-domains__heading" aria-label={t`Silenced people`}>
          {list.data.people.map((person) => {
            const name = person.displayName;
            const since = formatDay(person.silencedAt);
            return (
              <li key={person.userId} className="community-domains__row">
                <Link className="community-domains__name" to={`/profile/${encodeURIComponent(person.displayName)}`}>
                  {person.displayName}
                </Link>
                <span className="muted">{t`since ${since}`}</span>
                <button
                  type="button"
                  className="btn"
                  disabled={change.isPending}
                  onClick={() => {
                    setDone(null);
                    const lifted = t`Lifted the silence of ${name}.`;
                    change.mutate({ handle: name, silenced: false }, { onSuccess: () => setDone(lifted) });
                  }}
                >
                  {richText(t`Lift silence<0> of ${name}</0>`, [
                    (words) => <span className="visually-hidden">{words}</span>,
                  ])}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
