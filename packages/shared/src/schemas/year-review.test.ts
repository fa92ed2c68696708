import { describe, expect, it } from 'vitest';
import { describeYear } from './year-review.ts';

describe('a year in words', () => {
  it('counts in English with thousands separated, and names the top artist when there is one', () => {
    expect(
      describeYear({
        albumsRated: 1,
        songsRated: 1204,
        listens: 0,
        topArtists: [{ id: 'a', name: 'Björk', listens: 3 }],
      }),
    ).toBe('1 album rated, 1,204 songs rated, 0 listens; top artist Björk');
    expect(describeYear({ albumsRated: 2, songsRated: 1, listens: 1, topArtists: [] })).toBe(
      '2 albums rated, 1 song rated, 1 listen',
    );
  });
});
