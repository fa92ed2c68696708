import { describe, expect, it } from 'vitest';
import { LANTERNS, LANTERNS_RELEASES, NIGHTS, RADIO_EDIT } from '../../../test/fake-musicbrainz.ts';
import type { MbRelease } from './musicbrainz.client.ts';
import {
  albumIdFor,
  artistCreditName,
  isAlbumLike,
  isMbid,
  popularityFromScore,
  releaseGroupToAlbum,
  releaseTracks,
  representativeRelease,
} from './musicbrainz.mapping.ts';
import { luceneEscape } from './musicbrainz.service.ts';

function release(id: string, overrides: Partial<MbRelease> = {}, tracks = 2, format = 'CD'): MbRelease {
  return {
    id,
    status: 'Official',
    date: '2000-01-01',
    media: [
      {
        format,
        position: 1,
        tracks: Array.from({ length: tracks }, (_, i) => ({ position: i + 1, title: `T${i + 1}`, length: 1000 })),
      },
    ],
    ...overrides,
  };
}

describe('release group → album', () => {
  it('maps the fields and keys the album by MBID', () => {
    expect(releaseGroupToAlbum(LANTERNS)).toEqual({
      id: `mb-${LANTERNS.id}`,
      title: 'Lanterns Over Quiet Harbour',
      artistName: 'Quiet Harbour Ensemble & Mira Vale',
      releaseDate: '1998-05-04',
      genre: null,
      popularity: 25,
      source: 'musicbrainz',
      externalId: LANTERNS.id,
      tracks: [],
    });
    expect(releaseGroupToAlbum({ ...NIGHTS, 'first-release-date': '' }).releaseDate).toBeNull();
    expect(albumIdFor('ABC')).toBe('mb-abc');
  });

  it('joins credited names with their joinphrases', () => {
    expect(
      artistCreditName([
        { name: 'Jay-Z', joinphrase: ' feat. ' },
        { name: 'Alicia Keys', joinphrase: '' },
      ]),
    ).toBe('Jay-Z feat. Alicia Keys');
    expect(artistCreditName(undefined)).toBe('Unknown Artist');
  });

  it('scales scores down so seed classics stay on top', () => {
    expect(popularityFromScore(100)).toBe(25);
    expect(popularityFromScore(0)).toBe(0);
    expect(popularityFromScore(250)).toBe(25);
    expect(popularityFromScore(undefined)).toBe(13);
  });

  it('keeps albums and EPs only', () => {
    expect(isAlbumLike(LANTERNS)).toBe(true);
    expect(isAlbumLike(RADIO_EDIT)).toBe(false);
    expect(isAlbumLike({ ...RADIO_EDIT, 'primary-type': 'EP' })).toBe(true);
  });

  it('recognises MBIDs', () => {
    expect(isMbid(LANTERNS.id)).toBe(true);
    expect(isMbid('Quiet Harbour')).toBe(false);
  });

  it('escapes Lucene syntax in queries', () => {
    expect(luceneEscape('AC/DC: (live)')).toBe('AC\\/DC\\: \\(live\\)');
  });
});

describe('representative release', () => {
  it('picks the Official CD of the earliest date from the fixtures', () => {
    expect(representativeRelease(LANTERNS_RELEASES)?.id).toBe('a0000000-0000-4000-8000-000000000003');
  });

  it('prefers Official, then CD or Digital Media, then the earliest date, then the most tracks', () => {
    const bootleg = release('1', { status: 'Bootleg', date: '1990' });
    const official = release('2', { date: '1999' });
    expect(representativeRelease([bootleg, official])?.id).toBe('2');
    const vinyl = release('3', { date: '1990' }, 2, '12" Vinyl');
    expect(representativeRelease([vinyl, official])?.id).toBe('2');
    const digital = release('4', { date: '1998' }, 2, 'Digital Media');
    expect(representativeRelease([official, digital])?.id).toBe('4');
    const undated = release('5', { date: undefined });
    expect(representativeRelease([undated, official])?.id).toBe('2');
    const longer = release('6', { date: '1999' }, 5);
    expect(representativeRelease([official, longer])?.id).toBe('6');
    expect(representativeRelease([release('8'), release('7')])?.id).toBe('7');
  });

  it('ignores releases without tracks', () => {
    expect(representativeRelease([release('1', {}, 0), release('2', { status: 'Bootleg' })])?.id).toBe('2');
    expect(representativeRelease([])).toBeUndefined();
  });

  it('lists tracks disc by disc, numbered across the release', () => {
    const chosen = LANTERNS_RELEASES[2];
    if (!chosen) throw new Error('fixture missing');
    expect(releaseTracks(chosen)).toEqual([
      { position: 1, title: 'First Lantern', durationMs: 185_000 },
      { position: 2, title: 'Harbour Lights', durationMs: 240_000 },
      { position: 3, title: 'Low Water', durationMs: null },
      { position: 4, title: 'Tide Table', durationMs: 301_500 },
    ]);
  });
});
