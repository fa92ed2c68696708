/** Albums for the messy fixtures: the test's own (in its catalogue) and some that are in none. */

export interface KnownAlbum {
  artist: string;
  title: string;
  year?: number | null;
  /** Song titles, for listens and loved recordings; "Track 1"… when not given. */
  tracks?: string[];
}

/**
 * Albums absent from the seed catalogue (apps/server/seed/catalog), with what trips parsers up:
 * accents, "&", a comma and quotes in a name, apostrophes, a two-letter title. A test that builds
 * its own catalogue keeps these out of it.
 */
export const UNKNOWN_ALBUMS: KnownAlbum[] = [
  { artist: 'Mötley Crüe', title: 'Dr. Feelgood', year: 1989 },
  { artist: 'Hüsker Dü', title: 'Zen Arcade', year: 1984 },
  { artist: 'Amadou & Mariam', title: 'Dimanche à Bamako', year: 2004 },
  { artist: 'Crosby, Stills, Nash & Young', title: 'Déjà Vu', year: 1970 },
  { artist: '"Weird Al" Yankovic', title: 'Mandatory Fun', year: 2014 },
  { artist: "Sinéad O'Connor", title: "I Do Not Want What I Haven't Got", year: 1990 },
  { artist: 'Röyksopp', title: 'Melody A.M.', year: 2001 },
  { artist: 'Café Tacvba', title: 'Re', year: 1994 },
  { artist: 'Múm', title: 'Finally We Are No One', year: 2002 },
  { artist: 'Jóhann Jóhannsson', title: 'Orphée', year: 2016 },
];

/** "Björk" as someone types it without accents: "Bjork". */
export function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '');
}

export function trackOf(album: KnownAlbum, n: number): string {
  const tracks = album.tracks ?? [];
  return tracks.length > 0 ? (tracks[n % tracks.length] as string) : `Track ${(n % 9) + 1}`;
}

/** The album at a position of a list used round and round. */
export function cycled<T>(list: T[], n: number): T {
  const item = list[n % list.length];
  if (item === undefined) throw new Error('The messy fixtures need at least one known album');
  return item;
}
