import type { Context } from '@fedify/fedify';
import { Image, Link, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { Db } from '../../db/database.ts';
import type { Audience, FederatedObjectType } from '../../db/schema.ts';
import {
  type AlbumForFederation,
  listForFederation,
  postForFederation,
  ratingForFederation,
} from './object-reads.repository.ts';
import { escapeHtml, htmlOfText, starsText } from './text-html.ts';

/** Who other servers may show an object to: a locked profile's content is for its followers only. */
export type FederatedAudience = 'public' | 'followers';

export function federatedAudience(audience: Audience, locked: boolean): FederatedAudience | null {
  if (audience === 'private') return null;
  return audience === 'followers' || locked ? 'followers' : 'public';
}

/** A member's post, list or album rating as it is now, ready to be made into a Note. */
export interface FederatedObject {
  type: FederatedObjectType;
  /** The object's key in federation_outbox and federated_objects. */
  id: string;
  userId: string;
  /** Null: other servers must not have it (only me, unlisted, gone). */
  audience: FederatedAudience | null;
  note(ctx: Context<void>, generation: number): Note;
}

/**
 * Every Note liner serves is at /ap/notes/{noteId}: `{kind}.{generation}.{key}`, where the kind is
 * p (post), l (list) or r (a day's album rating), and the key a post's or list's id, or
 * `{UTC day}.{user id}.{album id}` (ids have no dots; an album's may, so it comes last).
 */
export function noteIdOf(type: FederatedObjectType, id: string, generation: number): string {
  if (type === 'rating') {
    const [userId, albumId, day] = splitRatingKey(id);
    return `r.${generation}.${day}.${userId}.${albumId}`;
  }
  return `${type === 'post' ? 'p' : 'l'}.${generation}.${id}`;
}

export function parseNoteId(noteId: string): { type: FederatedObjectType; id: string; generation: number } | undefined {
  const [kind, generation = '', ...rest] = noteId.split('.');
  if (!/^\d{1,9}$/.test(generation)) return undefined;
  if (kind === 'r' && rest.length >= 3) {
    const [day = '', userId = '', ...album] = rest;
    return { type: 'rating', id: ratingKey(userId, album.join('.'), day), generation: Number(generation) };
  }
  if ((kind === 'p' || kind === 'l') && rest.length === 1 && rest[0]) {
    return { type: kind === 'p' ? 'post' : 'list', id: rest[0], generation: Number(generation) };
  }
  return undefined;
}

export function ratingKey(userId: string, albumId: string, day: string): string {
  return `${userId}/${day}/${albumId}`;
}

function splitRatingKey(key: string): [userId: string, albumId: string, day: string] {
  const [userId = '', day = '', ...album] = key.split('/');
  return [userId, album.join('/'), day];
}

/** The object of an outbox change as it is now, or undefined when it no longer exists. */
export async function loadObject(
  db: Db,
  publicUrl: string,
  type: FederatedObjectType,
  id: string,
): Promise<FederatedObject | undefined> {
  const at = (path: string) => new URL(path, publicUrl);
  if (type === 'post') {
    const post = await postForFederation(db, id);
    if (!post) return undefined;
    return {
      type,
      id,
      userId: post.userId,
      audience: federatedAudience(post.audience, post.locked),
      note: (ctx, generation) => {
        const page = at(`/post/${encodeURIComponent(post.id)}`);
        const body = htmlOfText(post.content);
        const content =
          post.type === 'review' && post.album
            ? `<p>Reviewed ${albumLink(post.album, at)}${post.tenths === null ? '' : ` ${starsText(post.tenths)}`}</p>${body}`
            : `<p><strong>${escapeHtml(post.title)}</strong></p>${body}`;
        return new Note({
          ...common(ctx, post.userId, type, id, generation, federatedAudience(post.audience, post.locked)),
          content: `${content}<p><a href="${page.href}">${escapeHtml(page.href)}</a></p>`,
          url: page,
          published: instant(post.createdAt),
          updated: post.updatedAt > post.createdAt ? instant(post.updatedAt) : null,
          attachments: post.album ? cover(post.album, at) : [],
          tags: post.album ? albumTags(post.album) : [],
        });
      },
    };
  }
  if (type === 'list') {
    const list = await listForFederation(db, id);
    if (!list) return undefined;
    const audience = list.listed ? federatedAudience(list.audience, list.locked) : null;
    return {
      type,
      id,
      userId: list.userId,
      audience,
      note: (ctx, generation) => {
        const page = at(`/lists/${encodeURIComponent(list.id)}`);
        const what = `${list.entries} ${list.kind === 'album' ? 'album' : 'song'}${list.entries === 1 ? '' : 's'}`;
        return new Note({
          ...common(ctx, list.userId, type, id, generation, audience),
          content:
            `<p>Made a list: <a href="${page.href}">${escapeHtml(list.title)}</a> (${what})</p>` +
            htmlOfText(list.description),
          url: page,
          published: instant(list.createdAt),
          updated: list.updatedAt > list.createdAt ? instant(list.updatedAt) : null,
        });
      },
    };
  }
  const [userId, albumId, day] = splitRatingKey(id);
  const rating = await ratingForFederation(db, { userId, albumId, day });
  if (!rating) return undefined;
  const audience: FederatedAudience = rating.locked ? 'followers' : 'public';
  return {
    type,
    id,
    userId,
    audience,
    note: (ctx, generation) =>
      new Note({
        ...common(ctx, userId, type, id, generation, audience),
        content: `<p>Rated ${albumLink(rating.album, at)} ${starsText(rating.tenths)}</p>`,
        url: at(`/album/${encodeURIComponent(rating.album.id)}`),
        published: instant(rating.ratedAt),
        attachments: cover(rating.album, at),
        tags: albumTags(rating.album),
      }),
  };
}

function common(
  ctx: Context<void>,
  userId: string,
  type: FederatedObjectType,
  id: string,
  generation: number,
  audience: FederatedAudience | null,
) {
  const followers = ctx.getFollowersUri(userId);
  return {
    id: ctx.getObjectUri(Note, { noteId: noteIdOf(type, id, generation) }),
    attribution: ctx.getActorUri(userId),
    // Public: to everyone, copied to followers. Followers only: to the followers collection
    // exactly as the actor names it (Mastodon checks that address to show it as followers-only).
    ...(audience === 'public' ? { to: PUBLIC_COLLECTION, ccs: [followers] } : { to: followers }),
    sensitive: false,
  };
}

function albumLink(album: AlbumForFederation, at: (path: string) => URL): string {
  const href = at(`/album/${encodeURIComponent(album.id)}`).href;
  return `<a href="${href}">${escapeHtml(album.title)}</a> by ${escapeHtml(album.artistName)}`;
}

/**
 * The album's MusicBrainz release group, when matched: how other servers (another liner, NeoDB)
 * know which album a post is about, whatever their own ids. Mastodon ignores Link tags.
 */
function albumTags(album: AlbumForFederation): Link[] {
  if (!album.mbid) return [];
  return [new Link({ href: new URL(`https://musicbrainz.org/release-group/${album.mbid}`), name: album.title })];
}

/** A stored cover (from our origin) as an image Mastodon shows; generated SVG covers it would not. */
function cover(album: AlbumForFederation, at: (path: string) => URL): Image[] {
  if (!album.coverUrl) return [];
  return [new Image({ url: at(album.coverUrl), name: `Cover of ${album.title} by ${album.artistName}` })];
}

function instant(iso: string) {
  return Temporal.Instant.from(new Date(iso).toISOString());
}
