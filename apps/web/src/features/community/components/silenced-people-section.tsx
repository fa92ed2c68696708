import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useSetPersonSilenced, useSilencedPeople } from '../api/silenced-people.ts';
import { formatDay } from './format.ts';
import './community.css';

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
          setDone(`Silenced ${name}.`);
        },
      },
    );
  }

  return (
    <section className="card admin-card" aria-labelledby="silenced-people-heading">
      <h2 id="silenced-people-heading">Silenced people</h2>
      <form className="form" onSubmit={silence}>
        <div className="field">
          <label htmlFor="silence-person">Silence a person of another server</label>
          <input
            id="silence-person"
            className="input"
            placeholder="name@example.social"
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
          Their follows of members become requests, and their reviews reach only the members who follow them.
        </p>
        <FormError message={change.error?.message} />
        <FormSuccess message={done} />
        <SubmitButton label="Silence" busy={change.isPending} busyLabel="Silencing..." disabled={!handle.trim()} />
      </form>
      {list.isPending ? (
        <PendingState fetchStatus={list.fetchStatus} className="admin-card__state" />
      ) : list.isError ? (
        <p className="form-error" role="alert">
          Failed to load the silenced people: {userMessage(list.error, 'Please try again.')}
        </p>
      ) : list.data.people.length === 0 ? (
        <p className="muted community-domains__heading">Nobody is silenced.</p>
      ) : (
        <ul className="community-domains community-domains__heading" aria-label="Silenced people">
          {list.data.people.map((person) => (
            <li key={person.userId} className="community-domains__row">
              <Link className="community-domains__name" to={`/profile/${encodeURIComponent(person.displayName)}`}>
                {person.displayName}
              </Link>
              <span className="muted">since {formatDay(person.silencedAt)}</span>
              <button
                type="button"
                className="btn"
                disabled={change.isPending}
                onClick={() => {
                  setDone(null);
                  change.mutate(
                    { handle: person.displayName, silenced: false },
                    { onSuccess: () => setDone(`Lifted the silence of ${person.displayName}.`) },
                  );
                }}
              >
                Lift silence<span className="visually-hidden"> of {person.displayName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
