import { describe, expect, it } from 'vitest';
import { CHARACTERS_REPLACED, cleanRow, NAME_MAX, REVIEW_CUT } from './clean-row.ts';
import type { AlbumRow } from './types.ts';

const album = (overrides: Partial<AlbumRow>): AlbumRow => ({
  kind: 'album',
  line: 2,
  artist: 'Miles Davis',
  title: 'Kind of Blue',
  year: 1959,
  rating: 8,
  review: null,
  ownership: null,
  ...overrides,
});

describe('cleanRow', () => {
  it('cuts a huge review of emoji to 2,000 characters, says so, and calls no character bad', () => {
    const row = cleanRow(album({ review: '🎷'.repeat(5_000_000) }));
    expect(row.kind === 'album' && [...(row.review ?? '')].length).toBe(2000);
    expect(row.kind === 'album' && row.notes).toEqual([REVIEW_CUT]);
  });

  it('cuts a long name of emoji at 500 characters without calling the cut a bad character', () => {
    const row = cleanRow(album({ artist: `a${'🎷'.repeat(10_000)}` }));
    expect([...row.artist]).toHaveLength(NAME_MAX);
    expect(row.kind === 'album' && row.notes).toBeUndefined();
  });

  it('replaces a NUL, a control character and half a surrogate pair, and says so', () => {
    const row = cleanRow(album({ title: 'Kind\u0000 of\u0007 Blue\ud800', review: 'fine' }));
    expect(row.title).toBe('Kind\uFFFD of\uFFFD Blue\uFFFD');
    expect(row.kind === 'album' && row.notes).toEqual([CHARACTERS_REPLACED]);
  });
});
