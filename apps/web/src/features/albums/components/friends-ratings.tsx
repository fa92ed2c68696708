import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { Stars, starsOutOfFive } from '../../../components/ui/star-rating.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFriendRatings } from '../api/get-friend-ratings.ts';

const PLACEHOLDER_AVATAR = '/default-avatar.svg';

/** A friend's picture, the placeholder when they have none or it fails to load. */
function Avatar({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="friend-rating__avatar"
      src={!src || failed ? PLACEHOLDER_AVATAR : src}
      alt=""
      width={32}
      height={32}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * People the listener follows who rated this album, best first; nothing when none did. A
 * spoiler-free listener who has not rated it learns only how many did.
 */
export function FriendsRatings({ albumId }: { albumId: string }) {
  const friends = useFriendRatings(albumId, true);
  const data = friends.data;
  if (data?.scoresHidden && data.total > 0) {
    return (
      <section className="album-side-section friends-ratings" aria-labelledby="friends-ratings-heading">
        <h2 id="friends-ratings-heading">{t`Friends' ratings`}</h2>
        <p className="muted">
          {plural(data.total, {
            one: '# person you follow rated it. Their ratings show once you rate it.',
            other: '# people you follow rated it. Their ratings show once you rate it.',
          })}
        </p>
      </section>
    );
  }
  if (!data || data.ratings.length === 0) return null;
  const more = data.total - data.ratings.length;
  return (
    <section className="album-side-section friends-ratings" aria-labelledby="friends-ratings-heading">
      <h2 id="friends-ratings-heading">{t`Friends' ratings`}</h2>
      <ul className="friend-ratings">
        {data.ratings.map((friend) => (
          <li key={friend.userId} className="friend-rating">
            <Link to={paths.profile(friend.displayName)} className="friend-rating__person">
              <Avatar src={friend.pictureUrl} />
              <span className="friend-rating__name">{friend.displayName}</span>
            </Link>
            <span
              className="star-rating star-rating--readonly friend-rating__stars"
              role="img"
              aria-label={starsOutOfFive(friend.rating)}
            >
              <Stars halfStars={Math.round(friend.rating * 2)} />
            </span>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="muted">{t`and ${more} more`}</p>}
    </section>
  );
}
