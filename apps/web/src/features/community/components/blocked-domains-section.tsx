import { RadioGroup } from '@base-ui/react/radio-group';
import type { DomainSeverity } from '@liner/shared';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useBlockedDomains, useSetDomainBlocked } from '../api/blocked-domains.ts';
import { formatDay } from './format.ts';
import { SilencedPeopleSection } from './silenced-people-section.tsx';
import './community.css';

const SEVERITIES: { value: DomainSeverity; label: string; explanation: string; done: string }[] = [
  {
    value: 'block',
    label: 'Block',
    explanation: "Nothing it sends is taken, nothing is sent to it, and its people's follows of members here end.",
    done: 'Blocked',
  },
  {
    value: 'silence',
    label: 'Silence',
    explanation:
      'Its people stay, but their follows of members become requests, and their reviews reach only the members who follow them.',
    done: 'Silenced',
  },
];
const severityOf = (value: DomainSeverity) => {
  const found = SEVERITIES.find((s) => s.value === value);
  if (!found) throw new Error(`unknown severity ${value}`);
  return found;
};

/**
 * Fediverse: the servers blocked or silenced here, and the people of other servers silenced one by
 * one. The server decides what each means; the lists only show it.
 */
export function BlockedDomainsSection() {
  return (
    <div className="community-cards">
      <DomainsCard />
      <SilencedPeopleSection />
    </div>
  );
}

function DomainsCard() {
  const list = useBlockedDomains();
  const change = useSetDomainBlocked();
  const choiceId = useId();
  const [domain, setDomain] = useState('');
  const [severity, setSeverity] = useState<DomainSeverity>('block');
  const [done, setDone] = useState<string | null>(null);
  const chosen = severityOf(severity);

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = domain.trim().toLowerCase();
    if (!name) return;
    setDone(null);
    change.mutate(
      { domain: name, severity },
      {
        onSuccess: () => {
          setDomain('');
          setDone(`${chosen.done} ${name}.`);
        },
      },
    );
  }

  return (
    <section className="card admin-card" aria-labelledby="fediverse-heading">
      <h2 id="fediverse-heading">Fediverse</h2>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="block-domain">Block or silence a server</label>
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
        <h3 id={choiceId} className="community-subheading">
          What happens to it
        </h3>
        <RadioGroup
          className="community-modes"
          aria-labelledby={choiceId}
          value={severity}
          onValueChange={(value) => {
            change.reset();
            setSeverity(value as DomainSeverity);
          }}
        >
          {SEVERITIES.map((option) => (
            <ChoiceCard
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.explanation}
              id={`${choiceId}-${option.value}`}
            />
          ))}
        </RadioGroup>
        <FormError message={change.error?.message} />
        <FormSuccess message={done} />
        <SubmitButton
          label={chosen.label}
          busy={change.isPending}
          busyLabel={severity === 'block' ? 'Blocking...' : 'Silencing...'}
          disabled={!domain.trim()}
          variant={severity === 'block' ? 'danger' : undefined}
        />
      </form>
      <h3 className="community-subheading community-domains__heading">Blocked and silenced servers</h3>
      {list.isPending ? (
        <PendingState fetchStatus={list.fetchStatus} className="admin-card__state" />
      ) : list.isError ? (
        <p className="form-error" role="alert">
          Failed to load the blocked servers: {userMessage(list.error, 'Please try again.')}
        </p>
      ) : list.data.domains.length === 0 ? (
        <p className="muted">No server is blocked or silenced.</p>
      ) : (
        <ul className="community-domains">
          {list.data.domains.map((blocked) => (
            <li key={blocked.domain} className="community-domains__row">
              <span className="community-domains__name">{blocked.domain}</span>
              <span className="community-domains__severity">{severityOf(blocked.severity).done}</span>
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
                  const lifted = blocked.severity === 'block' ? 'Unblocked' : 'Lifted the silence of';
                  change.mutate(
                    { domain: blocked.domain, severity: null },
                    { onSuccess: () => setDone(`${lifted} ${blocked.domain}.`) },
                  );
                }}
              >
                {blocked.severity === 'block' ? 'Unblock' : 'Lift silence'}
                <span className="visually-hidden"> {blocked.domain}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
