import * as z from 'zod/mini';
import { ALBUM_TYPES } from '../genre.ts';
import { AlbumSummarySchema, ListenersSchema } from './catalog.ts';

/** An artist's page: /artist/{id}. */

export const ArtistParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** One release type's albums, oldest first (undated last). */
export const DiscographyGroupSchema = z.object({
  type: z.enum(ALBUM_TYPES),
  albums: z.array(AlbumSummarySchema),
});
export type DiscographyGroup = z.infer<typeof DiscographyGroupSchema>;

/** A song of the artist with its community rating: listeners are the people who rated it. */
export const ArtistSongSchema = z.object({
  id: z.string(),
  title: z.string(),
  albumId: z.string(),
  albumName: z.string(),
  imageUrl: z.string(),
  listeners: ListenersSchema,
});
export type ArtistSong = z.infer<typeof ArtistSongSchema>;

export const ARTIST_TOP_SONGS = 10;

export const ArtistDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The MusicBrainz artist, when known. */
  mbid: z.nullable(z.string()),
  /** Groups in the order album, ep, single, live, compilation; empty types left out. */
  discography: z.array(DiscographyGroupSchema),
  /** Up to ARTIST_TOP_SONGS rated songs, best first by the charts' rule (a prior, not raw means). */
  topSongs: z.array(ArtistSongSchema),
});
export type ArtistDetail = z.infer<typeof ArtistDetailSchema>;
