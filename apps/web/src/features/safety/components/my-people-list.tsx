import type { Person } from '@liner/shared';
import type { ReactNode } from 'react';
import { PeoplePages } from '../../../components/people/people-pages.tsx';
import { type MyPeople, useMyPeople } from '../api/get-my-people.ts';

/** One of the member's own lists of people (blocked, muted, asking to follow), each with its actions. */
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
  return <PeoplePages people={useMyPeople(which)} empty={empty} label={label} actions={actions} />;
}
