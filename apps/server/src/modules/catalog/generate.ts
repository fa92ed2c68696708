import type { CatalogAlbumInput } from './catalog.rows.ts';

/**
 * Synthetic albums for load tests and benchmarks (`npm run cli -- catalog generate`): plausible
 * titles and names from small word lists (some accented, so search folding is exercised), about ten
 * tracks each, a skewed popularity. Deterministic: album n is always the same album.
 */

export const ADJECTIVES = (
  'silent golden electric broken velvet hidden distant crimson endless wild quiet burning frozen ' +
  'midnight lonely bright hollow sacred restless paper neon silver dusty gentle heavy tender ' +
  'northern southern eastern western lost secret sweet bitter strange lucky blue green scarlet ' +
  'amber ivory cosmic urban rural faded shining sleeping waking dancing falling rising hungry ' +
  'simple perfect savage modern ancient tiny giant open empty crystal liquid solar lunar'
).split(' ');

export const NOUNS = (
  'river city heart machine garden ocean mirror signal shadow fire summer winter highway ' +
  'dream storm light horizon island forest desert window letter echo memory season engine ' +
  'orchard harbour valley mountain station lantern compass thunder ribbon satellite canyon ' +
  'meadow avenue cathedral carnival circus kingdom parade planet rocket saint sailor stranger ' +
  'telephone theatre tide tower voyage wave whisper wolf diamond feather ghost honey velvet ' +
  'love night morning rain road song dance fever paradise radio youth glory'
).split(' ');

const VERBS = (
  'running falling dreaming waiting dancing calling burning breaking chasing holding leaving ' +
  'drifting shining fading singing talking walking turning'
).split(' ');

const FIRST_NAMES = (
  'Ana Björn Chloé Dmitri Élodie Farah Gustavo Hana Iñigo Jonas Kateřina Liam Maëlle Nikolai ' +
  'Olivia Pablo Quentin Renée Søren Tomás Uma Václav Wanda Xavier Yusuf Zoë Amara Bruno Céline ' +
  'Dario Emil Frida Grace Hugo Ines Jules Kenji Lucía Marco Nora Oskar Priya Rafael Sofia Théo'
).split(' ');

const LAST_NAMES = (
  'Andersen Brooks Castillo Dubois Eriksson Fontaine García Hall Ibáñez Jensen Kowalski Laurent ' +
  'Müller Novak Okafor Petrov Quinn Rossi Sørensen Tanaka Urbano Varga Weiss Xu Yilmaz Zapata ' +
  'Moreau Nakamura Olsen Park Rivera Schmidt Torres Vega Walsh Young Åberg Łukasz'
).split(' ');

const GENRES = 'rock pop jazz electronic hip-hop soul folk classical metal indie country latin world blues'.split(' ');

/** mulberry32: tiny, fast, good enough for names. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function phrase(rand: () => number): string {
  const shape = Math.floor(rand() * 6);
  const adjective = capitalize(pick(rand, ADJECTIVES));
  const noun = capitalize(pick(rand, NOUNS));
  switch (shape) {
    case 0:
      return noun;
    case 1:
      return `${adjective} ${noun}`;
    case 2:
      return `The ${adjective} ${noun}`;
    case 3:
      return `${capitalize(pick(rand, VERBS))} ${noun}s`;
    case 4:
      return `${noun} of the ${capitalize(pick(rand, NOUNS))}`;
    default:
      return `${adjective} ${noun} ${capitalize(pick(rand, NOUNS))}`;
  }
}

/** The artist behind generated album n: a pool of about one artist per six albums. */
export function generatedArtist(n: number, poolSize: number): string {
  const index = Math.floor(random(n * 7919 + 17)() ** 1.5 * poolSize);
  const rand = random(index * 104_729 + 3);
  if (rand() < 0.55) return `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)}`;
  if (rand() < 0.5) return `The ${capitalize(pick(rand, ADJECTIVES))} ${capitalize(pick(rand, NOUNS))}s`;
  return `${capitalize(pick(rand, NOUNS))} ${capitalize(pick(rand, NOUNS))} #${index}`;
}

/** Release types in about the proportions of a real catalogue. */
const TYPES: Array<[NonNullable<CatalogAlbumInput['type']>, number]> = [
  ['album', 0.78],
  ['ep', 0.1],
  ['single', 0.05],
  ['live', 0.04],
  ['compilation', 0.03],
];

/** Type and second genre from a stream of their own: the fields older versions made stay as they were. */
function generatedDepth(n: number, genre: string): Pick<CatalogAlbumInput, 'type' | 'genres'> {
  const rand = random(n * 40_503 + 11);
  const roll = rand();
  let below = 0;
  let type: NonNullable<CatalogAlbumInput['type']> = 'album';
  for (const [candidate, share] of TYPES) {
    below += share;
    if (roll < below) {
      type = candidate;
      break;
    }
  }
  const second = pick(rand, GENRES);
  return { type, genres: rand() < 0.6 && second !== genre ? [genre, second] : [genre] };
}

export function generatedAlbum(n: number, options: { poolSize: number; today?: Date }): CatalogAlbumInput {
  const rand = random(n * 2_654_435_761);
  const today = options.today ?? new Date();
  const from = Date.UTC(1955, 0, 1);
  const date = new Date(from + Math.floor(rand() * (today.getTime() - from)));
  const trackCount = 8 + Math.floor(rand() * 5);
  // In the order older versions drew them, so album n stays the same album.
  const title = phrase(rand);
  const genre = pick(rand, GENRES);
  return {
    id: `gen-${n}`,
    title,
    artistName: generatedArtist(n, options.poolSize),
    releaseDate: date.toISOString().slice(0, 10),
    genre,
    ...generatedDepth(n, genre),
    // Skewed: most albums are obscure, a few are well known.
    popularity: Math.floor(rand() ** 3 * 100),
    source: 'generated',
    tracks: Array.from({ length: trackCount }, () => ({
      title: phrase(rand),
      durationMs: (90 + Math.floor(rand() * 420)) * 1000,
    })),
  };
}
