import { RadioGroup } from '@base-ui/react/radio-group';
import type { DomainSeverity } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { type FormEvent, useId, useState } from 'react';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { useBlockedDomains, useSetDomainBlocked } from '../api/blocked-domains.ts';
import { formatDay } from './format.ts';
import { SilencedPeopleSection } from './silenced-people-section.tsx';
import './community.css';

/** An address, not words: the same in every language. */
const EXAMPLE_DOMAIN = 'example.social';

const severities = (): { value: DomainSeverity; label: string; explanation: string; done: string }[] => [
  {
    value: 'block',
    label: t`Block`,
    explanation: t`Nothing it sends is taken, nothing is sent to it, and its people's follows of members here end.`,
    done: t`Blocked`,
  },
  {
    value: 'silence',
    label: t`Silence`,
    explanation: t`Its people stay, but their follows of members become requests, and their reviews reach only the members who follow them.`,
    done: t`Silenced`,
  },
];
const severityOf = (value: DomainSeverity) => {
  const found = severities().find((s) => s.value === value);
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
    const server = domain.trim().toLowerCase();
    if (!server) return;
    setDone(null);
    change.mutate(
      { domain: server, severity },
      {
        onSuccess: () => {
          setDomain('');
          setDone(severity === 'block' ? t`Blocked ${server}.` : t`Silenced ${server}.`);
        },
      },
    );
  }

  return (
    <section className="card admin-card" aria-labelledby="fediverse-heading">
      <h2 id="fediverse-heading">{t`Fediverse`}</h2>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="block-domain">{t`Block or silence a server`}</label>
          <input
            id="block-domain"
            className="input"
            placeholder={EXAMPLE_DOMAIN}
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
          {t`What happens to it`}
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
          {severities().map((option) => (
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
          busyLabel={severity === 'block' ? t`Blocking...` : t`Silencing...`}
          disabled={!domain.trim()}
          variant={severity === 'block' ? 'danger' : undefined}
        />
      </form>
      <h3 className="community-subheading community-domains__heading">{t`Blocked and silenced servers`}</h3>
      {list.isPending ? (
        <PendingState fetchStatus={list.fetchStatus} className="admin-card__state" />
      ) : list.isError ? (
        <p className="form-error" role="alert">
          {t`Failed to load the blocked servers: ${userMessage(list.error, t`Please try again.`)}`}
        </p>
      ) : list.data.domains.length === 0 ? (
        <p className="muted">{t`No server is blocked or silenced.`}</p>
      ) : (
        <ul className="community-domains">
          {list.data.domains.map((blocked) => {
            const domain = blocked.domain;
            const since = formatDay(blocked.createdAt);
            const people = blocked.people;
            return (
              <li key={domain} className="community-domains__row">
                <span className="community-domains__name">{blocked.domain}</span>
                <span className="community-domains__severity">{severityOf(blocked.severity).done}</span>
                <span className="muted">
                  {plural(people, {
                    one: `since ${since} · # person known`,
                    other: `since ${since} · # people known`,
                  })}
                </span>
                <button
                  type="button"
                  className="btn"
                  disabled={change.isPending}
                  onClick={() => {
                    setDone(null);
                    const lifted =
                      blocked.severity === 'block' ? t`Unblocked ${domain}.` : t`Lifted the silence of ${domain}.`;
                    change.mutate({ domain, severity: null }, { onSuccess: () => setDone(lifted) });
                  }}
                >
                  {richText(
                    blocked.severity === 'block' ? t`Unblock<0> ${domain}</0>` : t`Lift silence<0> ${domain}</0>`,
                    [(words) => <span className="visually-hidden">{words}</span>],
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
