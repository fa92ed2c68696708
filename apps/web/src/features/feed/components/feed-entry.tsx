import type { FeedAlbum, FeedEntry } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatRelativeDate } from '../../../lib/relative-date.ts';

/** "★ 4.5", read out as "4.5 stars". */
function Stars({ rating }: { rating: number | null }) {
  if (rating === null) return null;
  const value = oneDecimal(rating);
  return (
    <span className="feed-entry__rating">
      <span aria-hidden="true">
        <span className="feed-entry__star">★</span> {value}
      </span>
      <span className="visually-hidden">{t`${value} stars`}</span>
    </span>
  );
}

/**
 * What the entry says, as one message: the actor's name is its tag 0 (linked to their profile), and
 * the album, review, list or person it names is tag 1 (linked to it).
 */
function sentence(entry: FeedEntry): string {
  const actor = entry.actor.displayName;
  switch (entry.action) {
    case 'rated_album': {
      const album = entry.album.title;
      return t`<0>${actor}</0> rated <1>${album}</1>`;
    }
    case 'new_review': {
      if (!entry.album) {
        const title = entry.post.title;
        return t`<0>${actor}</0> reviewed ${title}`;
      }
      const album = entry.album.title;
      return t`<0>${actor}</0> reviewed <1>${album}</1>`;
    }
    case 'new_note': {
      const title = entry.post.title;
      return t`<0>${actor}</0> wrote a note, <1>${title}</1>`;
    }
    case 'created_list': {
      const title = entry.list.title;
      return t`<0>${actor}</0> created the list <1>${title}</1>`;
    }
    case 'followed_user': {
      const name = entry.user.displayName;
      return t`<0>${actor}</0> followed <1>${name}</1>`;
    }
  }
}

/** Where the sentence's tag 1 links to, with the words the entry has for it (not the message's). */
function subjectLink(entry: FeedEntry): ReactNode {
  switch (entry.action) {
    case 'rated_album':
      return <Link to={paths.album(entry.album.id)}>{entry.album.title}</Link>;
    case 'new_review':
      return entry.album ? <Link to={paths.album(entry.album.id)}>{entry.album.title}</Link> : entry.post.title;
    case 'new_note':
      return <Link to={paths.post(entry.post.id)}>{entry.post.title}</Link>;
    case 'created_list':
      return <Link to={`/lists/${encodeURIComponent(entry.list.id)}`}>{entry.list.title}</Link>;
    case 'followed_user':
      return <Link to={paths.profile(entry.user.displayName)}>{entry.user.displayName}</Link>;
  }
}

/** What follows the sentence: the stars given, and a review's link to its own page. */
function after(entry: FeedEntry): ReactNode {
  if (entry.action === 'rated_album') {
    return (
      <>
        {' '}
        <Stars rating={entry.album.rating} />
      </>
    );
  }
  if (entry.action !== 'new_review') return null;
  const actor = entry.actor.displayName;
  return (
    <>
      {' '}
      {entry.album && <Stars rating={entry.album.rating} />}{' '}
      {/* The dot goes to the next line with the link, never alone. */}
      <span className="feed-entry__more">
        ·{' '}
        <Link to={paths.post(entry.post.id)}>
          {richText(t`Read the review<0> by ${actor}</0>`, [
            (words) => <span className="visually-hidden">{words}</span>,
          ])}
        </Link>
      </span>
    </>
  );
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
          {richText(sentence(entry), [
            // The entry's own words for the names, should a title look like one of the message's tags.
            () => (
              <Link className="feed-entry__actor" to={paths.profile(entry.actor.displayName)}>
                {entry.actor.displayName}
              </Link>
            ),
            () => subjectLink(entry),
          ])}
          {after(entry)}
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
