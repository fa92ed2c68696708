import { t } from '@lingui/core/macro';
import { useUserId } from '../../../lib/session.tsx';
import { useUserLists } from '../api/get-lists.ts';
import { ListListing } from './list-listing.tsx';
import { NewListButton } from './new-list-button.tsx';
import './lists.css';

/** The profile's Media tab (the spec's name, kept): the person's lists as the viewer may see them (ADR 41). */
export function ProfileLists({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const viewerId = useUserId();
  const lists = useUserLists(viewerId, userId);
  return (
    <section className="profile-lists" aria-labelledby="profile-lists-title">
      <div className="lists-section__head">
        <h2 id="profile-lists-title">{t`Lists`}</h2>
        {isOwner && <NewListButton />}
      </div>
      <ListListing query={lists} empty={isOwner ? t`You have no lists yet.` : t`No lists yet.`} showOwner={false} />
    </section>
  );
}
