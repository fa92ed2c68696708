import { type FeedAlbum, type FeedEntry, formatRelativeDate } from '@liner/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** "★ 4.5", read out as "4.5 stars". */
function Stars({ rating }: { rating: number | null }) {
  if (rating === null) return null;
  const value = rating.toFixed(1);
  return (
    <span className="feed-entry__rating">
      <span aria-hidden="true">
        <span className="feed-entry__star">★</span> {value}
      </span>
      <span className="visually-hidden">{value} stars</span>
    </span>
  );
}

const albumLink = (album: FeedAlbum) => <Link to={paths.album(album.id)}>{album.title}</Link>;

/** What the entry says after the actor's name, with its links. */
function sentence(entry: FeedEntry): ReactNode {
  switch (entry.action) {
    case 'rated_album':
      return (
        <>
          rated {albumLink(entry.album)} <Stars rating={entry.album.rating} />
        </>
      );
    case 'new_review':
      return (
        <>
          reviewed {entry.album ? albumLink(entry.album) : entry.post.title}{' '}
          {entry.album && <Stars rating={entry.album.rating} />}{' '}
          {/* The dot goes to the next line with the link, never alone. */}
          <span className="feed-entry__more">
            ·{' '}
            <Link to={paths.post(entry.post.id)}>
              Read the review<span className="visually-hidden"> by {entry.actor.displayName}</span>
            </Link>
          </span>
        </>
      );
    case 'new_note':
      return (
        <>
          wrote a note, <Link to={paths.post(entry.post.id)}>{entry.post.title}</Link>
        </>
      );
    case 'created_list':
      return (
        <>
          created the list <Link to={`/lists/${encodeURIComponent(entry.list.id)}`}>{entry.list.title}</Link>
        </>
      );
    case 'followed_user':
      return (
        <>
          followed <Link to={paths.profile(entry.user.displayName)}>{entry.user.displayName}</Link>
        </>
      );
  }
}

/** The album an entry is about, if any: its artist under the sentence and its cover beside it. */
function albumOf(entry: FeedEntry): FeedAlbum | null {
  if (entry.action === 'rated_album') return entry.album;
  if (entry.action === 'new_review') return entry.album;
  return null;
}

/**
 * One line of the feed: "ana rated OK Computer ★ 4.5", with the actor, the album, review, list or
 * person linked, and when it happened.
 */
export function FeedEntryItem({ entry, now }: { entry: FeedEntry; now?: Date }) {
  const album = albumOf(entry);
  return (
    <li className="feed-entry">
      <img
        className="feed-entry__avatar"
        src={entry.actor.pictureUrl ?? '/default-avatar.svg'}
        alt=""
        width={40}
        height={40}
      />
      <div className="feed-entry__body">
        <p className="feed-entry__text">
          <Link className="feed-entry__actor" to={paths.profile(entry.actor.displayName)}>
            {entry.actor.displayName}
          </Link>{' '}
          {sentence(entry)}
        </p>
        <p className="feed-entry__meta">
          {album?.artist && <>{album.artist} · </>}
          <time dateTime={entry.createdAt}>{formatRelativeDate(entry.createdAt, now)}</time>
        </p>
      </div>
      {/* Decorative: the album is named and linked in the sentence. */}
      {album && <img className="feed-entry__cover" src={album.cover} alt="" width={56} height={56} loading="lazy" />}
    </li>
  );
}
