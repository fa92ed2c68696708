import { FEED_PAGE_SIZE, type FeedAlbum, type FeedEntry, type FeedPage, type FeedQuery } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { albumImageUrl } from '../../lib/album-image.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type FeedRow, listActivities } from './feed.repository.ts';
import type { FeedNeeds } from './index.ts';

type Data = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function parse(data: string): Data {
  try {
    const value = JSON.parse(data);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

function album(row: FeedRow, rating: number | null): FeedAlbum | null {
  if (!row.albumId) return null;
  return {
    id: row.albumId,
    title: row.albumTitle ?? '',
    artist: row.albumArtist ?? '',
    cover: albumImageUrl(row.albumId, row.albumCover),
    rating,
  };
}

/**
 * A review shows its rating: the same person's rating entry for the album that day says nothing
 * more, so it is left out where both are on one page.
 */
function withoutRatingsOfReviews(entries: FeedEntry[]): FeedEntry[] {
  const day = (entry: FeedEntry) => entry.createdAt.slice(0, 10);
  const reviewed = new Set(
    entries.flatMap((e) => (e.action === 'new_review' && e.album ? [`${e.actor.userId} ${e.album.id} ${day(e)}`] : [])),
  );
  return entries.filter(
    (e) => e.action !== 'rated_album' || !reviewed.has(`${e.actor.userId} ${e.album.id} ${day(e)}`),
  );
}

/**
 * The activity feed: what the people someone follows did, and everyone's recent
 * activity for visitors; newest first, a (created_at, id) keyset page at a time.
 */
export class FeedService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: FeedNeeds,
  ) {}

  /** The signed-in user's feed: the people they follow, never themselves or anyone else. */
  following(user: SessionUser, query: FeedQuery): Promise<FeedPage> {
    return this.page(user.id, user.id, query);
  }

  /** Everyone's recent activity, as far as the viewer (or a visitor) may read it. */
  recent(viewer: SessionUser | null, query: FeedQuery): Promise<FeedPage> {
    return this.page(viewer?.id ?? null, undefined, query);
  }

  private async page(viewerId: string | null, followerId: string | undefined, query: FeedQuery): Promise<FeedPage> {
    const rows = await listActivities(this.database.db, this.database.dialect, {
      viewerId,
      followerId,
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: FEED_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, FEED_PAGE_SIZE);
    const last = page.at(-1);
    // A review shows its author's album rating as it is now (ADR 21), like the review itself.
    const reviews = page.filter((row) => row.action === 'new_review' && row.albumId);
    const ratings = await this.deps.ratings.albumRatings(
      reviews.map((row) => row.actorId),
      reviews.map((row) => row.albumId ?? ''),
    );
    const entries = page.flatMap((row) => {
      const entry = this.entry(row, (userId, albumId) => {
        const tenths = ratings(userId, albumId);
        return tenths === null ? null : tenths / 10;
      });
      return entry ? [entry] : [];
    });
    return {
      entries: withoutRatingsOfReviews(entries),
      // From the last row read, shown or not, so the next page starts right after it.
      nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor(last) : null,
    };
  }

  private entry(row: FeedRow, ratingOf: (userId: string, albumId: string) => number | null): FeedEntry | null {
    const data = parse(row.data);
    const base = {
      id: row.id,
      actor: { userId: row.actorId, displayName: row.actorName, pictureUrl: row.actorPicture },
      createdAt: row.createdAt,
    };
    switch (row.action) {
      case 'rated_album': {
        const rated = album(row, number(data.rating));
        return rated && { ...base, action: 'rated_album', album: rated };
      }
      case 'new_review': {
        const reviewed = row.albumId ? album(row, ratingOf(row.actorId, row.albumId)) : null;
        const title = row.postTitle ?? text(data.postTitle) ?? reviewed?.title ?? '';
        return { ...base, action: 'new_review', post: { id: row.targetId, title }, album: reviewed };
      }
      case 'new_note':
        return {
          ...base,
          action: 'new_note',
          post: { id: row.targetId, title: row.postTitle ?? text(data.postTitle) ?? '' },
        };
      case 'created_list':
        return {
          ...base,
          action: 'created_list',
          list: { id: row.targetId, title: row.listTitle ?? text(data.listTitle) ?? '' },
        };
      case 'followed_user': {
        const name = row.targetUserName ?? text(data.followedUserDisplayName);
        if (!name) return null;
        return {
          ...base,
          action: 'followed_user',
          user: { userId: row.targetId, displayName: name, pictureUrl: row.targetUserPicture },
        };
      }
      default:
        return null;
    }
  }
}
