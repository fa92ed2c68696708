import { describe, expect, it } from 'vitest';
import { scoredAlbums, veilScores } from './score-veil.ts';

const card = (id: string) => ({ id, name: id, artistId: 'x', imageUrl: '', listeners: { count: 5, average: 4.2 } });

describe('veilScores', () => {
  it('takes out the scores of albums not shown, wherever they sit, and keeps the counts', () => {
    const body = {
      entries: [
        { rank: 1, album: card('a'), listeners: { count: 5, average: 4.2 } },
        { rank: 2, song: { id: 's', albumId: 'b' }, listeners: { count: 3, average: 3.9 } },
      ],
    };
    expect(scoredAlbums(body, 'me')).toEqual(new Set(['a', 'b']));
    const veiled = veilScores(body, 'me', new Set(['b']));
    expect(veiled.entries[0]).toMatchObject({
      album: { listeners: { count: 5, average: null } },
      listeners: { average: null },
    });
    expect(veiled.entries[1]?.listeners).toEqual({ count: 3, average: 3.9 });
    // The answer handed in is not changed: a service may give the same object to everyone.
    expect(body.entries[0]?.album?.listeners.average).toBe(4.2);
  });

  it("takes out a score whose album it cannot tell, and keeps the viewer's own ratings", () => {
    expect(veilScores({ listeners: { count: 1, average: 5 } }, 'me', new Set()).listeners.average).toBeNull();
    const reviews = [
      { type: 'review', userId: 'me', album: { id: 'a' }, rating: 4 },
      { type: 'review', userId: 'them', album: { id: 'a' }, rating: 2 },
    ];
    expect(veilScores(reviews, 'me', new Set()).map((review) => review.rating)).toEqual([4, null]);
    const feed = [
      { actor: { id: 'me' }, album: { id: 'a', rating: 4 } },
      { actor: { id: 'them' }, album: { id: 'a', rating: 2 } },
    ];
    expect(veilScores(feed, 'me', new Set()).map((entry) => entry.album.rating)).toEqual([4, null]);
  });

  it('empties an album community answer and a friends answer', () => {
    const community = {
      albumId: 'a',
      scoresHidden: false,
      album: { ratingsCount: 4, average: 3.5 },
      histogram: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
      listeners: { count: 1, average: 1 },
      ranks: { year: { year: 1997, rank: 2 }, genre: null },
      tracks: { t: { ratingsCount: 4, average: 3.5 } },
      reviews: [],
    };
    expect(veilScores(community, 'me', new Set())).toEqual({
      ...community,
      scoresHidden: true,
      album: { ratingsCount: 4, average: null },
      histogram: [],
      listeners: { count: 1, average: null },
      ranks: { year: null, genre: null },
      tracks: { t: { ratingsCount: 4, average: null } },
    });
    expect(veilScores(community, 'me', new Set(['a']))).toEqual(community);
    const friends = { albumId: 'a', ratings: [{ userId: 'f', rating: 5 }], total: 1, scoresHidden: false };
    expect(veilScores(friends, 'me', new Set())).toEqual({ ...friends, ratings: [], scoresHidden: true });
  });

  it('finds nothing in an answer without scores', () => {
    expect(scoredAlbums({ posts: [{ type: 'note', title: 'x' }] }, 'me')).toBeNull();
  });
});
