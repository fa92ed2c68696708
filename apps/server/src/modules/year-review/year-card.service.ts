import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { YearAlbum } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { FILES_PREFIX } from '../../lib/file-store/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { YearCardNeeds } from './index.ts';
import { type CardInput, type CardSize, type CardText, drawYearCard } from './year-card.draw.ts';
import { displayNameOf } from './year-review.repository.ts';
import type { YearReviewService } from './year-review.service.ts';

/** Raised when the drawing changes, so a card drawn before is not taken for the new one. */
const CARD_VERSION = 1;
/** Cards kept drawn: a shared year is asked for again by every app that previews the link. */
const KEPT_CARDS = 48;
/** A stored cover larger than this is not one we wrote (ours are 300×300 WebP): drawn without it. */
const MAX_COVER_BYTES = 2 * 1024 * 1024;
const ALBUMS_ON_A_CARD = 5;

export interface YearCard {
  /** A strong validator of what the card shows, known before it is drawn. */
  etag: string;
  png(): Promise<Buffer>;
}

/**
 * A person's year as a picture to share. It shows only what is the same for every viewer who may
 * see the year at all (counts, the top albums, artist and song), never the reviews or lists one
 * viewer may read and another may not, so one drawing serves everyone; whoever may not read the
 * profile gets the year's own refusal. Covers come from our file store or are drawn from the
 * album's id, as the site shows them; nothing is fetched from elsewhere.
 */
export class YearCardService {
  private readonly drawn = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly years: YearReviewService,
    private readonly deps: YearCardNeeds,
  ) {}

  async card(viewer: SessionUser | null, userId: string, year: number, size: CardSize): Promise<YearCard> {
    const review = await this.years.of(viewer, userId, year);
    const displayName = (await displayNameOf(this.database.db, userId)) ?? '';
    const topSong = review.topSongs[0];
    const text: CardText = {
      displayName,
      year,
      albumsRated: review.albumsRated,
      songsRated: review.songsRated,
      listens: review.listens,
      topArtist: review.topArtists[0]?.name ?? null,
      topSong: topSong ? { title: topSong.title, artistName: topSong.album.artistName } : null,
      host: new URL(this.deps.config.publicUrl).host,
    };
    const albums = review.topAlbums.slice(0, ALBUMS_ON_A_CARD).map((top) => top.album);
    const key = createHash('sha256')
      .update(JSON.stringify([CARD_VERSION, size, text, albums.map((album) => [album.id, album.imageUrl])]))
      .digest('base64url');
    return {
      etag: `"y${key.slice(0, 32)}"`,
      png: () => this.remembered(key, async () => drawYearCard(await this.withCovers(text, albums), size)),
    };
  }

  /** One drawing per card at a time, however many ask at once; the least recently asked go first. */
  private remembered(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    let png = this.drawn.get(key);
    if (png) this.drawn.delete(key);
    else {
      png = draw();
      png.catch(() => this.drawn.delete(key));
    }
    this.drawn.set(key, png);
    while (this.drawn.size > KEPT_CARDS) this.drawn.delete(this.drawn.keys().next().value as string);
    return png;
  }

  private async withCovers(text: CardText, albums: YearAlbum[]): Promise<CardInput> {
    const covers = await Promise.all(albums.map((album) => this.coverOf(album)));
    return { ...text, covers: covers.filter((cover): cover is Buffer => cover !== null) };
  }

  /** A stored cover's bytes, else the cover drawn from the album's id; null when neither can be had. */
  private async coverOf(album: YearAlbum): Promise<Buffer | null> {
    if (album.imageUrl.startsWith(FILES_PREFIX)) {
      // A store that is down, or a file gone, leaves the drawn cover: the card is still worth having.
      const file = await this.deps.files.open(album.imageUrl.slice(FILES_PREFIX.length)).catch(() => null);
      if (file && file.size <= MAX_COVER_BYTES) {
        const bytes = await buffer(file.stream).catch(() => null);
        if (bytes) return bytes;
      } else file?.stream.destroy();
    }
    const generated = await this.deps.catalog.cover(album.id).catch(() => null);
    return generated ? Buffer.from(generated.svg) : null;
  }
}
