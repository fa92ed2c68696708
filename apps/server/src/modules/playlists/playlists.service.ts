import {
  type CreateFeaturedPlaylistBody,
  type FeaturedPlaylist,
  PLAYLIST_ALREADY_FEATURED,
  PLAYLIST_NOT_FOUND,
  PLAYLIST_TITLE_EMPTY,
  PLAYLIST_TITLE_MAX,
  PLAYLIST_TITLE_UNAVAILABLE,
  parsePlaylistLink,
  type UpdateFeaturedPlaylistBody,
} from '@liner/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, forbidden, refusal } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { AuditLogService } from '../audit/index.ts';
import { cachePlaylistCover, removePlaylistCover } from './cover.ts';
import type { OembedClient } from './oembed.ts';
import {
  deleteFeaturedPlaylist,
  findFeaturedPlaylist,
  insertFeaturedPlaylist,
  listFeaturedPlaylists,
  toFeaturedPlaylist,
  updateFeaturedPlaylist,
} from './playlists.repository.ts';

/** Trimmed, with blank meaning absent (spec §5, Admin add playlist). */
function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Admins manage featured playlists (spec §6); the routes check too, this is the rule's home. */
function assertAdmin(user: SessionUser): void {
  if (user.role !== 'admin') throw forbidden();
}

export class PlaylistsService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly oembed: OembedClient,
    private readonly log: FastifyBaseLogger,
    /** Each change an admin makes is written to the audit log in its own transaction. */
    private readonly auditLog: Pick<AuditLogService, 'record'>,
  ) {}

  /** The home page's carousel: active playlists only. */
  async listActive(): Promise<FeaturedPlaylist[]> {
    return (await listFeaturedPlaylists(this.db, { activeOnly: true })).map(toFeaturedPlaylist);
  }

  async listAll(user: SessionUser): Promise<FeaturedPlaylist[]> {
    assertAdmin(user);
    return (await listFeaturedPlaylists(this.db, { activeOnly: false })).map(toFeaturedPlaylist);
  }

  async create(user: SessionUser, body: CreateFeaturedPlaylistBody): Promise<FeaturedPlaylist> {
    assertAdmin(user);
    const link = parsePlaylistLink(present(body.spotifyUrl) ?? present(body.url));
    if (!link.ok) throw badRequest(link.message);
    if (await findFeaturedPlaylist(this.db, link.id))
      throw refusal('PLAYLIST_ALREADY_FEATURED', PLAYLIST_ALREADY_FEATURED);

    // Asked even with a custom title, for the cover; never inside a transaction.
    const embed = await this.oembed.playlist(link.id);
    const title = present(body.title) ?? embed?.title.slice(0, PLAYLIST_TITLE_MAX);
    if (!title) throw badRequest(PLAYLIST_TITLE_UNAVAILABLE);
    const imageUrl = embed?.thumbnailUrl
      ? await cachePlaylistCover(this.files, link.id, embed.thumbnailUrl, (reason) =>
          this.log.warn({ playlistId: link.id, reason }, 'playlist cover could not be copied'),
        )
      : null;

    try {
      await withTransaction(this.db, async (trx) => {
        await insertFeaturedPlaylist(trx, {
          id: link.id,
          url: link.url,
          title,
          description: present(body.description) ?? null,
          type: 'playlist',
          is_active: body.isActive === false ? 0 : 1,
          image_url: imageUrl,
        });
        await this.auditLog.record(trx, user, {
          action: 'create_playlist',
          subject: { type: 'playlist', id: link.id, label: title },
        });
      });
    } catch (error) {
      // Two admins adding the same playlist at once: the primary key lets one through.
      if (isUniqueViolation(error)) throw refusal('PLAYLIST_ALREADY_FEATURED', PLAYLIST_ALREADY_FEATURED);
      throw error;
    }
    return this.get(link.id);
  }

  async update(user: SessionUser, id: string, body: UpdateFeaturedPlaylistBody): Promise<FeaturedPlaylist> {
    assertAdmin(user);
    const changes: Parameters<typeof updateFeaturedPlaylist>[2] = {};
    if (body.title !== undefined) {
      const title = present(body.title);
      if (!title) throw badRequest(PLAYLIST_TITLE_EMPTY);
      changes.title = title;
    }
    if (body.description !== undefined) changes.description = present(body.description) ?? null;
    if (body.isActive !== undefined) changes.is_active = body.isActive ? 1 : 0;
    const updated = await withTransaction(this.db, async (trx) => {
      if (!(await updateFeaturedPlaylist(trx, id, changes))) return false;
      const label = changes.title ?? (await findFeaturedPlaylist(trx, id))?.title ?? null;
      await this.auditLog.record(trx, user, {
        action: 'update_playlist',
        subject: { type: 'playlist', id, label },
        detail: Object.keys(changes).join(', ') || null,
      });
      return true;
    });
    if (!updated) throw refusal('PLAYLIST_NOT_FOUND', PLAYLIST_NOT_FOUND);
    return this.get(id);
  }

  async remove(user: SessionUser, id: string): Promise<void> {
    assertAdmin(user);
    const deleted = await withTransaction(this.db, async (trx) => {
      const row = await deleteFeaturedPlaylist(trx, id);
      if (row) {
        await this.auditLog.record(trx, user, {
          action: 'delete_playlist',
          subject: { type: 'playlist', id, label: row.title },
        });
      }
      return row;
    });
    if (!deleted) throw refusal('PLAYLIST_NOT_FOUND', PLAYLIST_NOT_FOUND);
    await removePlaylistCover(this.files, deleted.image_url);
  }

  private async get(id: string): Promise<FeaturedPlaylist> {
    const row = await findFeaturedPlaylist(this.db, id);
    if (!row) throw refusal('PLAYLIST_NOT_FOUND', PLAYLIST_NOT_FOUND);
    return toFeaturedPlaylist(row);
  }
}
