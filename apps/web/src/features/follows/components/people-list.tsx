import { t } from '@lingui/core/macro';
import { PeoplePages } from '../../../components/people/people-pages.tsx';
import { usePeople, type PeopleList as Which } from '../api/get-people.ts';

const empty = (which: Which) => (which === 'followers' ? t`No followers yet.` : t`Not following anyone yet.`);

/** A person's followers or whom they follow, newest first. */
export function PeopleList({ userId, which }: { userId: string; which: Which }) {
  return <PeoplePages people={usePeople(userId, which)} empty={empty(which)} />;
}
