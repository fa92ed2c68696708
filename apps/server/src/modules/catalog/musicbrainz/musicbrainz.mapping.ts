import { type CatalogAlbumInput, MAX_TRACKS } from '../catalog.rows.ts';
import type { ArtistCredit, MbMedium, MbRelease, MbReleaseGroup } from './musicbrainz.client.ts';

/** Pure translations from MusicBrainz answers to catalogue albums. */

export const MB_ID_PREFIX = 'mb-';

/** Browsed release groups have no search score: imported albums rank as a middling match. */
const BROWSE_SCORE = 50;

const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isMbid(text: string): boolean {
  return MBID.test(text.trim());
}

export function albumIdFor(releaseGroupMbid: string): string {
  return `${MB_ID_PREFIX}${releaseGroupMbid.toLowerCase()}`;
}

/** "Simon & Garfunkel", "Jay-Z feat. Alicia Keys": each credited name followed by its joinphrase. */
export function artistCreditName(credit: ArtistCredit[] | undefined): string {
  const name = (credit ?? []).map((c) => `${c.name ?? c.artist?.name ?? ''}${c.joinphrase ?? ''}`).join('');
  return name.trim() || 'Unknown Artist';
}

/** A search score (0–100) quartered: the seed's classics (popularity up to 100) stay on top. */
export function popularityFromScore(score: number | undefined): number {
  const clamped = Math.min(100, Math.max(0, score ?? BROWSE_SCORE));
  return Math.round(clamped / 4);
}

/** Albums and EPs are what people rate; singles, broadcasts and "Other" are left out. */
export function isAlbumLike(group: MbReleaseGroup): boolean {
  const type = group['primary-type'];
  return type === undefined || type === null || type === 'Album' || type === 'EP';
}

/** A release group as a stub album: no tracks until its page is first viewed (or it is imported). */
export function releaseGroupToAlbum(group: MbReleaseGroup): CatalogAlbumInput {
  return {
    id: albumIdFor(group.id),
    title: group.title.trim() || 'Untitled',
    artistName: artistCreditName(group['artist-credit']),
    releaseDate: group['first-release-date'] || null,
    genre: null,
    popularity: popularityFromScore(group.score),
    source: 'musicbrainz',
    externalId: group.id.toLowerCase(),
    tracks: [],
  };
}

export interface MappedTrack {
  position: number;
  title: string;
  durationMs: number | null;
}

const PREFERRED_FORMATS = new Set(['CD', 'Digital Media']);

function trackCount(release: MbRelease): number {
  return (release.media ?? []).reduce((sum, medium) => sum + (medium.tracks?.length ?? 0), 0);
}

function hasPreferredFormat(release: MbRelease): boolean {
  return (release.media ?? []).some((medium) => PREFERRED_FORMATS.has(medium.format ?? ''));
}

/**
 * The release whose track list stands for the release group (docs/decisions/0011): among releases
 * with tracks, prefer status Official, then a CD or Digital Media medium, then the earliest date
 * (undated last; "1973" sorts before "1973-03-01"), then the most tracks, then the smallest id so
 * the choice is stable.
 */
export function representativeRelease(releases: MbRelease[]): MbRelease | undefined {
  const rank = (release: MbRelease) => [
    release.status === 'Official' ? 0 : 1,
    hasPreferredFormat(release) ? 0 : 1,
    release.date ? 0 : 1,
  ];
  return releases
    .filter((release) => trackCount(release) > 0)
    .sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      for (let i = 0; i < ra.length; i++) {
        const diff = (ra[i] ?? 0) - (rb[i] ?? 0);
        if (diff !== 0) return diff;
      }
      if (a.date && b.date && a.date !== b.date) return a.date < b.date ? -1 : 1;
      const tracks = trackCount(b) - trackCount(a);
      if (tracks !== 0) return tracks;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })[0];
}

function lengthMs(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null;
}

/** Every medium's tracks in medium order then track order, numbered 1…n across the release. */
export function releaseTracks(release: MbRelease): MappedTrack[] {
  const media = [...(release.media ?? [])].sort((a: MbMedium, b: MbMedium) => (a.position ?? 0) - (b.position ?? 0));
  const tracks = media.flatMap((medium) =>
    [...(medium.tracks ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)),
  );
  return tracks.slice(0, MAX_TRACKS).map((track, i) => ({
    position: i + 1,
    title: (track.title ?? track.recording?.title ?? '').trim() || 'Untitled',
    durationMs: lengthMs(track.length ?? track.recording?.length),
  }));
}
