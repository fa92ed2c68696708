import type { Person } from '@liner/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { type MyPeople, useMyPeople } from '../api/get-my-people.ts';
import './safety.css';

/** One of the member's own lists of people, each with its actions, and 'Load more' for the next page. */
export function MyPeopleList({
  which,
  empty,
  label,
  actions,
}: {
  which: MyPeople;
  empty: string;
  /** The list's accessible name. */
  label: string;
  actions: (person: Person) => ReactNode;
}) {
  const people = useMyPeople(which);
  if (people.isPending) return <PendingState fetchStatus={people.fetchStatus} />;
  if (people.isError && !people.isFetchNextPageError) {
    return (
      <p className="form-error" role="alert">
        {userMessage(people.error, 'Failed to load this list. Please try again.')}
      </p>
    );
  }
  const list = people.data.pages.flatMap((page) => page.people);
  if (list.length === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <ul className="safety-people" aria-label={label}>
        {list.map((person) => (
          <li key={person.userId} className="safety-people__row">
            <Link to={paths.profile(person.displayName)} className="safety-people__person">
              <img src={person.pictureUrl ?? '/default-avatar.svg'} alt="" width={40} height={40} />
              <span className="safety-people__name">{person.displayName}</span>
            </Link>
            <span className="safety-people__actions">{actions(person)}</span>
          </li>
        ))}
      </ul>
      {people.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {userMessage(people.error, 'Failed to load more. Please try again.')}
        </p>
      )}
      {people.hasNextPage && (
        <button
          type="button"
          className="btn safety-people__more"
          disabled={people.isFetchingNextPage}
          onClick={() => void people.fetchNextPage()}
        >
          {people.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </>
  );
}
