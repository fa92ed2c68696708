import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFediversePerson } from '../api/find-fediverse-person.ts';

/**
 * A search for an address like @name@example.social: the person, asked of their own server (they
 * then have a profile here, whose Follow button asks their server in turn).
 */
export function FediverseResult({ handle, signedIn }: { handle: string; signedIn: boolean }) {
  const person = useFediversePerson(handle, signedIn);
  return (
    <section aria-labelledby="fediverse-heading" className="search-section">
      <h2 id="fediverse-heading">{t`On the fediverse`}</h2>
      {!signedIn ? (
        <p className="muted">
          {richText(t`<0>Log in</0> to find and follow people on other servers.`, [
            (words) => <Link to={paths.login()}>{words}</Link>,
          ])}
        </p>
      ) : person.isPending ? (
        <PendingState fetchStatus={person.fetchStatus} label={t`Asking their server...`} />
      ) : person.isError ? (
        <p className="muted" role="status">
          {person.error instanceof ApiRequestError && person.error.status === 404
            ? person.error.message
            : t`Their server could not be reached. Please try again.`}
        </p>
      ) : (
        <div className="user-cards">
          <Link to={paths.profile(person.data.displayName)} className="user-card">
            <img src={person.data.pictureUrl ?? '/default-avatar.svg'} alt="" width={56} height={56} />
            <span className="user-card__name">{person.data.displayName}</span>
            <span className="user-card__bio">{t`Open their profile to follow them from here.`}</span>
          </Link>
        </div>
      )}
    </section>
  );
}
