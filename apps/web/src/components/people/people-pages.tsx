import type { PeoplePage, Person } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { userMessage } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { PendingState } from '../ui/pending-state.tsx';
import '../ui/form.css';
import './people-pages.css';

/**
 * A paged list of people, each linking to their profile, with t`Load more` for the next page: a
 * person's followers or following, and the member's own blocked, muted and requesting people (with
 * their actions beside each).
 */
export function PeoplePages({
  people,
  empty,
  label,
  actions,
}: {
  people: UseInfiniteQueryResult<InfiniteData<PeoplePage>>;
  empty: string;
  /** The list's accessible name, where the page holds more than one. */
  label?: string;
  actions?: (person: Person) => ReactNode;
}) {
  if (people.isPending) return <PendingState fetchStatus={people.fetchStatus} />;
  // A failed t`Load more` keeps the pages already shown.
  if (people.isError && !people.isFetchNextPageError) {
    return (
      <p className="form-error" role="alert">
        {userMessage(people.error, t`Failed to load this list. Please try again.`)}
      </p>
    );
  }
  const list = people.data?.pages.flatMap((page) => page.people) ?? [];
  if (list.length === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <ul className="people-list" aria-label={label}>
        {list.map((person) => (
          <li key={person.userId} className="people-list__row">
            <Link to={paths.profile(person.displayName)} className="people-list__person">
              <img src={person.pictureUrl ?? '/default-avatar.svg'} alt="" width={48} height={48} />
              <span className="people-list__name">{person.displayName}</span>
            </Link>
            {actions && <span className="people-list__actions">{actions(person)}</span>}
          </li>
        ))}
      </ul>
      {people.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {userMessage(people.error, t`Failed to load more. Please try again.`)}
        </p>
      )}
      {people.hasNextPage && (
        <button
          type="button"
          className="btn people-list__more"
          disabled={people.isFetchingNextPage}
          onClick={() => void people.fetchNextPage()}
        >
          {people.isFetchingNextPage ? t`Loading...` : t`Load more`}
        </button>
      )}
    </>
  );
}
