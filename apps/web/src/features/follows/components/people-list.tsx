import { Link } from 'react-router';
import { userMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePeople, type PeopleList as Which } from '../api/get-people.ts';
import '../../../components/ui/form.css';
import './people-list.css';
import { PendingState } from '../../../components/ui/pending-state.tsx';

const EMPTY: Record<Which, string> = {
  followers: 'No followers yet.',
  following: 'Not following anyone yet.',
};

/** A person's followers or whom they follow, newest first, with 'Load more' for the next page. */
export function PeopleList({ userId, which }: { userId: string; which: Which }) {
  const people = usePeople(userId, which);
  if (people.isPending) return <PendingState fetchStatus={people.fetchStatus} />;
  // A failed 'Load more' keeps the pages already shown.
  if (people.isError && !people.isFetchNextPageError) {
    return (
      <p className="form-error" role="alert">
        {userMessage(people.error, 'Failed to load this list. Please try again.')}
      </p>
    );
  }
  const list = people.data.pages.flatMap((page) => page.people);
  if (list.length === 0) return <p className="muted">{EMPTY[which]}</p>;
  return (
    <>
      <ul className="people-list">
        {list.map((person) => (
          <li key={person.userId}>
            <Link to={paths.profile(person.displayName)} className="people-list__person">
              <img src={person.pictureUrl ?? '/default-avatar.svg'} alt="" width={48} height={48} />
              <span className="people-list__name">{person.displayName}</span>
            </Link>
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
          className="btn people-list__more"
          disabled={people.isFetchingNextPage}
          onClick={() => void people.fetchNextPage()}
        >
          {people.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </>
  );
}
