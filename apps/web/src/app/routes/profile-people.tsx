import { useParams } from 'react-router';
import { PeopleList } from '../../features/follows/components/people-list.tsx';
import { type PeopleKind, ProfilePeoplePage } from '../../features/profiles/components/profile-people-page.tsx';

function People({ which }: { which: PeopleKind }) {
  const { username = '' } = useParams();
  return (
    <ProfilePeoplePage
      username={username}
      which={which}
      list={(userId) => <PeopleList key={`${userId}-${which}`} userId={userId} which={which} />}
    />
  );
}

/** /profile/:username/followers */
export function Followers() {
  return <People which="followers" />;
}

/** /profile/:username/following */
export function Following() {
  return <People which="following" />;
}
