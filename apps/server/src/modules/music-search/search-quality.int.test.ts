import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call } from '../../test/users.ts';
import { generateAlbums } from '../catalog/index.ts';

/**
 * What a person finds first: the seed's real albums among generated ones whose titles, artists and
 * songs use common words ('love', 'blue', 'golden', 'velvet', …), so a query must rank, not only
 * match. Each row is a query and the album (or song) that must come first, or the first few in
 * order: whatever the search is built on, these hold.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await generateAlbums(t.database.handle, 2000, { onProgress: () => {}, onIndexing: () => {} });
}, 120_000);
afterAll(async () => t.close());

async function search(query: string, type = 'album'): Promise<Json> {
  const res = await call(t, `/api/music/search?q=${encodeURIComponent(query)}&type=${type}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function firstNames(query: string, type = 'album', count = 1): Promise<string[]> {
  const body = await search(query, type);
  return body.albums
    ? body.albums.slice(0, count).map((album: Json) => album.name)
    : body.tracks.slice(0, count).map((song: Json) => song.title);
}

describe('the album a person means comes first', () => {
  it.each([
    // The whole title, in any case.
    ['kind of blue', 'Kind of Blue'],
    ['KIND OF BLUE', 'Kind of Blue'],
    ['a love supreme', 'A Love Supreme'],
    ['abbey road', 'Abbey Road'],
    ['the doors', 'The Doors'],
    // Part of the title: words left out, the last one unfinished.
    ['love supreme', 'A Love Supreme'],
    ['dark side', 'The Dark Side of the Moon'],
    ['discov', 'Discovery'],
    ['mezzan', 'Mezzanine'],
    // Accents, letters without a decomposition, apostrophes and punctuation, either way round.
    ['bjork', 'Homogenic'],
    ['BJÖRK', 'Homogenic'],
    ['koln concert', 'The Köln Concert'],
    ['oxygene', 'Oxygène'],
    ['agaetis byrjun', 'Ágætis byrjun'],
    ['sigur ros', 'Ágætis byrjun'],
    ['motorhead', 'Ace of Spades'],
    ['whats going on', "What's Going On"],
    ['guns n roses', 'Appetite for Destruction'],
    ['ac/dc', 'Back in Black'],
    // 'the', in the query or not, in the name or not.
    ['the dark side of the moon', 'The Dark Side of the Moon'],
    ['dark side of the moon', 'The Dark Side of the Moon'],
    ['the beatles', 'Abbey Road'],
    ['beatles', 'Abbey Road'],
    ['the velvet underground', 'The Velvet Underground & Nico'],
    // Artist and title together, in either order.
    ['beatles abbey', 'Abbey Road'],
    ['abbey road beatles', 'Abbey Road'],
    ['daft punk discovery', 'Discovery'],
    ['rosalia mal querer', 'El Mal Querer'],
    ['kendrick butterfly', 'To Pimp a Butterfly'],
    ['miles davis kind', 'Kind of Blue'],
    // One slip in a word of four letters or more: swapped, left out, doubled or changed.
    ['kind of bleu', 'Kind of Blue'],
    ['beatels abbey', 'Abbey Road'],
    ['mezzanien', 'Mezzanine'],
    ['discovry', 'Discovery'],
    ['daft punkk discovery', 'Discovery'],
    ['dark sied of the moon', 'The Dark Side of the Moon'],
  ])('%s → %s', async (query, album) => {
    expect(await firstNames(query)).toEqual([album]);
  });

  it('ranks an artist’s albums by popularity when the artist is what was typed', async () => {
    expect(await firstNames('daft punk', 'album', 2)).toEqual(['Discovery', 'Random Access Memories']);
    expect(await firstNames('kendrick lamar', 'artist', 4)).toEqual([
      'good kid, m.A.A.d city',
      'To Pimp a Butterfly',
      'DAMN.',
    ]);
  });

  it('finds with a slip what the right spelling finds, and nothing for a word nothing is near', async () => {
    expect(await firstNames('radoihead', 'album', 3)).toEqual(await firstNames('radiohead', 'album', 3));
    expect(await firstNames('kendrik lamar', 'artist', 3)).toEqual(await firstNames('kendrick lamar', 'artist', 3));
    expect(await firstNames('billie jaen', 'track')).toEqual(['Billie Jean']);
    const nothing = await search('qzxwvk');
    expect(nothing.albums).toEqual([]);
    expect(nothing.total).toBe(0);
  });

  it('answers a query of long words near nothing at once, with nothing', async () => {
    const words = Array.from({ length: 8 }, (_, i) => `zqxwvkzqxwvkzqxwvkzqxw${String.fromCharCode(97 + i)}j`);
    const started = performance.now();
    const body = await search(words.join(' '));
    expect(body.albums).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('finds a song by its title, and by its title with its artist', async () => {
    expect(await firstNames('so what', 'track')).toEqual(['So What']);
    expect(await firstNames('miles davis so what', 'track')).toEqual(['So What']);
    expect(await firstNames('billie jean', 'track')).toEqual(['Billie Jean']);
  });
});
