import { type FormEvent, useState } from 'react';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useBlockedDomains, useSetDomainBlocked } from '../api/blocked-domains.ts';
import { formatDay } from './format.ts';
import './community.css';

/**
 * Fediverse: the servers blocked from this site. A block refuses what they send, sends them
 * nothing, and ends every follow between their people and members here (the server decides; the
 * list only shows it).
 */
export function BlockedDomainsSection() {
  const list = useBlockedDomains();
  const change = useSetDomainBlocked();
  const [domain, setDomain] = useState('');
  const [done, setDone] = useState<string | null>(null);

  function block(event: FormEvent) {
    event.preventDefault();
    const name = domain.trim().toLowerCase();
    if (!name) return;
    setDone(null);
    change.mutate(
      { domain: name, blocked: true },
      {
        onSuccess: () => {
          setDomain('');
          setDone(`Blocked ${name}.`);
        },
      },
    );
  }

  return (
    <section className="card admin-card" aria-labelledby="fediverse-heading">
      <h2 id="fediverse-heading">Fediverse</h2>
      <form className="form" onSubmit={block}>
        <div className="field">
          <label htmlFor="block-domain">Block a server</label>
          <input
            id="block-domain"
            className="input"
            placeholder="example.social"
            autoComplete="off"
            maxLength={260}
            value={domain}
            onChange={(event) => {
              change.reset();
              setDomain(event.target.value);
            }}
          />
        </div>
        <p className="community-note">
          Nothing it sends is taken, nothing is sent to it, and its people's follows of members here end.
        </p>
        <FormError message={change.error?.message} />
        <FormSuccess message={done} />
        <SubmitButton
          label="Block"
          busy={change.isPending}
          busyLabel="Blocking..."
          disabled={!domain.trim()}
          variant="danger"
        />
      </form>
      <h3 className="community-subheading community-domains__heading">Blocked servers</h3>
      {list.isPending ? (
        <PendingState fetchStatus={list.fetchStatus} className="admin-card__state" />
      ) : list.isError ? (
        <p className="form-error" role="alert">
          Failed to load the blocked servers: {userMessage(list.error, 'Please try again.')}
        </p>
      ) : list.data.domains.length === 0 ? (
        <p className="muted">No server is blocked.</p>
      ) : (
        <ul className="community-domains">
          {list.data.domains.map((blocked) => (
            <li key={blocked.domain} className="community-domains__row">
              <span className="community-domains__name">{blocked.domain}</span>
              <span className="muted">
                since {formatDay(blocked.createdAt)} · {blocked.people} {blocked.people === 1 ? 'person' : 'people'}{' '}
                known
              </span>
              <button
                type="button"
                className="btn"
                disabled={change.isPending}
                onClick={() => {
                  setDone(null);
                  change.mutate(
                    { domain: blocked.domain, blocked: false },
                    { onSuccess: () => setDone(`Unblocked ${blocked.domain}.`) },
                  );
                }}
              >
                Unblock<span className="visually-hidden"> {blocked.domain}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
