import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type {
  MbArtist,
  MbRecording,
  MbRelease,
  MbReleaseGroup,
} from '../modules/catalog/musicbrainz/musicbrainz.client.ts';

/**
 * A local stand-in for MusicBrainz WS/2 and the Cover Art Archive, for tests: fixtures in the
 * services' documented JSON shapes, plus switches for the failures the clients must survive.
 */

export const ARTIST: MbArtist = { id: '5b11f4ce-a62d-471e-81fc-a69a8278c7da', name: 'Quiet Harbour Ensemble' };
const GUEST = { id: '9c9f1380-2516-4fc9-a3e6-f9f61941d090', name: 'Mira Vale' };

export const LANTERNS: MbReleaseGroup = {
  id: '1b022e01-4da6-387b-8658-8678046e4cef',
  score: 100,
  title: 'Lanterns Over Quiet Harbour',
  'primary-type': 'Album',
  'first-release-date': '1998-05-04',
  'artist-credit': [
    { name: 'Quiet Harbour Ensemble', joinphrase: ' & ', artist: ARTIST },
    { name: 'Mira Vale', joinphrase: '', artist: GUEST },
  ],
};

export const NIGHTS: MbReleaseGroup = {
  id: '2c133f12-5eb7-498c-9769-9789157f5d0f',
  score: 88,
  title: 'Quiet Harbour Nights',
  'primary-type': 'Album',
  'first-release-date': '2003',
  'artist-credit': [{ name: 'Quiet Harbour Ensemble', joinphrase: '', artist: ARTIST }],
};

/** A single: search-through leaves it out. */
export const RADIO_EDIT: MbReleaseGroup = {
  id: '3d244023-6fc8-4a9d-8a7a-a8a9268a6e10',
  score: 70,
  title: 'Quiet Harbour (Radio Edit)',
  'primary-type': 'Single',
  'first-release-date': '1998-04-01',
  'artist-credit': [{ name: 'Quiet Harbour Ensemble', joinphrase: '', artist: ARTIST }],
};

/** Its releases cannot be fetched (the fake answers 500): its page shows no tracks. */
export const BROKEN: MbReleaseGroup = {
  id: '4e355134-7a0b-4b1e-9b8b-b9ba379b7f21',
  score: 60,
  title: 'Quiet Harbour Broken Tapes',
  'primary-type': 'EP',
  'first-release-date': '2010-10-10',
  'artist-credit': [{ name: 'Quiet Harbour Ensemble', joinphrase: '', artist: ARTIST }],
};

export const RELEASE_GROUPS = [LANTERNS, NIGHTS, RADIO_EDIT, BROKEN];

function track(n: number, title: string, length: number | null) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    position: n,
    number: String(n),
    title,
    length,
    recording: { id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`, title, length },
  };
}

/**
 * Lanterns' releases. The rule picks the Official CD of 1998-06-01: the bootleg is earlier but not
 * Official, the vinyl is Official and earliest but not CD or Digital Media, the digital release
 * is later. Its discs are listed out of order on purpose.
 */
export const LANTERNS_RELEASES: MbRelease[] = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    title: 'Lanterns Over Quiet Harbour',
    status: 'Bootleg',
    date: '1998-01-01',
    country: 'XW',
    media: [{ format: 'CD', position: 1, 'track-count': 1, tracks: [track(1, 'Bootleg Take', 100_000)] }],
  },
  {
    id: 'a0000000-0000-4000-8000-000000000002',
    title: 'Lanterns Over Quiet Harbour',
    status: 'Official',
    date: '1998-05-04',
    country: 'GB',
    media: [{ format: '12" Vinyl', position: 1, 'track-count': 1, tracks: [track(1, 'Vinyl Side', 200_000)] }],
  },
  {
    id: 'a0000000-0000-4000-8000-000000000003',
    title: 'Lanterns Over Quiet Harbour',
    status: 'Official',
    date: '1998-06-01',
    country: 'US',
    media: [
      {
        format: 'CD',
        position: 2,
        'track-count': 2,
        tracks: [track(2, 'Tide Table', 301_500), track(1, 'Low Water', null)],
      },
      {
        format: 'CD',
        position: 1,
        'track-count': 2,
        tracks: [track(1, 'First Lantern', 185_000), track(2, 'Harbour Lights', 240_000)],
      },
    ],
  },
  {
    id: 'a0000000-0000-4000-8000-000000000004',
    title: 'Lanterns Over Quiet Harbour (Deluxe)',
    status: 'Official',
    date: '2008-06-01',
    country: 'XW',
    media: [
      {
        format: 'Digital Media',
        position: 1,
        'track-count': 5,
        tracks: [1, 2, 3, 4, 5].map((n) => track(n, `Deluxe ${n}`, 100_000)),
      },
    ],
  },
];

export const NIGHTS_RELEASES: MbRelease[] = [
  {
    id: 'b0000000-0000-4000-8000-000000000001',
    title: 'Quiet Harbour Nights',
    status: 'Official',
    date: '2003',
    country: 'XW',
    media: [
      {
        format: 'Digital Media',
        position: 1,
        'track-count': 3,
        tracks: [track(1, 'Dusk', 120_000), track(2, 'Midnight', 130_000), track(3, 'Dawn', 140_000)],
      },
    ],
  },
];

const RELEASES: Record<string, MbRelease[]> = { [LANTERNS.id]: LANTERNS_RELEASES, [NIGHTS.id]: NIGHTS_RELEASES };
/** Release groups with front art: only Lanterns. */
const WITH_ART = new Set([LANTERNS.id]);

/** A stable UUID-shaped MBID made from a text (fixtures for albums of our own catalogue). */
export function fakeMbid(text: string): string {
  const hex = createHash('sha1').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Our album types as MusicBrainz spells them: live and compilation are secondary types there. */
const MB_TYPES: Record<string, { primary: string; secondary?: string }> = {
  album: { primary: 'Album' },
  ep: { primary: 'EP' },
  single: { primary: 'Single' },
  live: { primary: 'Album', secondary: 'Live' },
  compilation: { primary: 'Album', secondary: 'Compilation' },
};

/**
 * The release groups MusicBrainz would hold for albums of our catalogue (the seed), each credited
 * to one artist: what `catalog match` should find for every one of them.
 */
export function releaseGroupsFor(
  albums: Array<{ id: string; title: string; artistName: string; releaseDate: string | null; type?: string }>,
): MbReleaseGroup[] {
  return albums.map((album) => {
    const type = MB_TYPES[album.type ?? 'album'] ?? { primary: 'Album' };
    return {
      id: fakeMbid(`release-group:${album.id}`),
      score: 100,
      title: album.title,
      'primary-type': type.primary,
      'secondary-types': type.secondary ? [type.secondary] : [],
      'first-release-date': album.releaseDate ?? '',
      'artist-credit': [
        {
          name: album.artistName,
          joinphrase: '',
          artist: { id: fakeMbid(`artist:${album.artistName}`), name: album.artistName },
        },
      ],
    };
  });
}

export interface FakeOptions {
  /** More release groups to search (besides the Quiet Harbour fixtures). */
  releaseGroups?: MbReleaseGroup[];
  /** Recordings to answer lookups of, with their releases (none by default). */
  recordings?: MbRecording[];
  /** Release groups, by MBID, that have front art (besides Lanterns). */
  withArt?: Iterable<string>;
  /**
   * As MusicBrainz does, answer 503 to a /ws/2 request arriving sooner than this after the one
   * before, and count it in `tooFast`.
   */
  minIntervalMs?: number;
}

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  userAgent: string;
  at: number;
}

export interface FakeMusicBrainz {
  url: string;
  requests: FakeRequest[];
  /** Requests to /ws/2 only (cover requests left out). */
  wsRequests(): FakeRequest[];
  /** Answers the next this many /ws/2 requests with 503. */
  fail503: number;
  /** Answers every /ws/2 request with 500 while true. */
  fail500: boolean;
  /** Delays every /ws/2 answer by this long. */
  delayMs: number;
  /** While true, the image a front-cover redirect leads to answers 500 (a missing cover is still 404). */
  coverFail500: boolean;
  /** The shortest time between two /ws/2 requests' arrivals (Infinity with fewer than two). */
  minGapMs(): number;
  /** /ws/2 requests refused for arriving too soon (with `minIntervalMs`). */
  tooFast: number;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json' }).end(text);
}

function searchWordsOf(query: string): string[] {
  return query
    .replace(/\\(.)/g, '$1')
    .replace(/\b[a-z]+:\(|[()]|\bAND\b/g, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 2);
}

function creditText(group: MbReleaseGroup): string {
  return (group['artist-credit'] ?? []).map((c) => `${c.name}${c.joinphrase ?? ''}`).join('');
}

export async function startFakeMusicBrainz(options: FakeOptions = {}): Promise<FakeMusicBrainz> {
  const groups = [...RELEASE_GROUPS, ...(options.releaseGroups ?? [])];
  const withArt = new Set([...WITH_ART, ...(options.withArt ?? [])]);
  const image = await sharp({
    create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .jpeg()
    .toBuffer();

  const fake: FakeMusicBrainz = {
    url: '',
    requests: [],
    wsRequests: () => fake.requests.filter((r) => r.path.startsWith('/ws/2/')),
    fail503: 0,
    fail500: false,
    delayMs: 0,
    coverFail500: false,
    tooFast: 0,
    minGapMs() {
      const at = fake.wsRequests().map((r) => r.at);
      let min = Number.POSITIVE_INFINITY;
      for (let i = 1; i < at.length; i++) min = Math.min(min, (at[i] ?? 0) - (at[i - 1] ?? 0));
      return min;
    },
    close: async () => {},
  };

  function answerWs(path: string, query: URLSearchParams, response: ServerResponse) {
    // This request's arrival and the one before it.
    const [before, latest] = fake.wsRequests().slice(-2);
    const tooSoon =
      options.minIntervalMs !== undefined && before && latest && latest.at - before.at < options.minIntervalMs;
    if (tooSoon) {
      fake.tooFast++;
      return send(response, 503, { error: 'Your requests are exceeding the allowable rate limit.' });
    }
    if (fake.fail503 > 0) {
      fake.fail503--;
      return send(response, 503, { error: 'Your requests are exceeding the allowable rate limit.' });
    }
    if (fake.fail500) return send(response, 500, { error: 'Internal server error' });
    if (path === '/ws/2/release-group' && query.has('query')) {
      const words = searchWordsOf(query.get('query') ?? '');
      const limit = Number(query.get('limit') ?? 25);
      // The groups with the most of the words first, as a search engine ranks them.
      const matching = (group: MbReleaseGroup) =>
        words.filter((w) => `${group.title} ${creditText(group)}`.toLowerCase().includes(w)).length;
      const hits = groups
        .map((group) => ({ group, n: matching(group) }))
        .filter(({ n }) => n > 0)
        .sort((a, b) => b.n - a.n)
        .map(({ group }) => group)
        .slice(0, limit);
      return send(response, 200, {
        created: '2026-01-01T00:00:00.000Z',
        count: hits.length,
        offset: 0,
        'release-groups': hits,
      });
    }
    if (path === '/ws/2/release-group' && query.has('artist')) {
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 25);
      const all = query.get('artist') === ARTIST.id ? RELEASE_GROUPS.filter((g) => g['primary-type'] === 'Album') : [];
      return send(response, 200, {
        'release-group-count': all.length,
        'release-group-offset': offset,
        'release-groups': all.slice(offset, offset + limit).map(({ score: _score, ...group }) => group),
      });
    }
    const single = /^\/ws\/2\/release-group\/([0-9a-f-]{36})$/.exec(path);
    if (single) {
      const group = groups.find((g) => g.id === single[1]);
      if (!group) return send(response, 404, { error: 'Not Found' });
      const { score: _score, ...rest } = group;
      return send(response, 200, rest);
    }
    if (path === '/ws/2/release') {
      const id = query.get('release-group') ?? '';
      if (id === BROKEN.id) return send(response, 500, { error: 'Internal server error' });
      const releases = RELEASES[id] ?? [];
      return send(response, 200, { 'release-count': releases.length, 'release-offset': 0, releases });
    }
    const recording = /^\/ws\/2\/recording\/([0-9a-f-]{36})$/.exec(path);
    if (recording) {
      const found = options.recordings?.find((r) => r.id === recording[1]);
      return found ? send(response, 200, found) : send(response, 404, { error: 'Not Found' });
    }
    const release = /^\/ws\/2\/release\/([0-9a-f-]{36})$/.exec(path);
    if (release) {
      // As MusicBrainz answers `inc=release-groups+artist-credits`: the credit on the release, its
      // group without one.
      const groupId = Object.keys(RELEASES).find((id) => RELEASES[id]?.some((r) => r.id === release[1]));
      const group = groups.find((g) => g.id === groupId);
      const found = RELEASES[groupId ?? '']?.find((r) => r.id === release[1]);
      if (!group || !found) return send(response, 404, { error: 'Not Found' });
      const { score: _score, 'artist-credit': credit, ...bare } = group;
      const { media: _media, ...rest } = found;
      return send(response, 200, { ...rest, 'artist-credit': credit, 'release-group': bare });
    }
    if (path === '/ws/2/artist') {
      const words = searchWordsOf(query.get('query') ?? '');
      const hit = words.some((w) => ARTIST.name.toLowerCase().includes(w));
      return send(response, 200, {
        created: '2026-01-01T00:00:00.000Z',
        count: hit ? 1 : 0,
        offset: 0,
        artists: hit ? [{ ...ARTIST, score: 100 }] : [],
      });
    }
    return send(response, 404, { error: 'Not Found' });
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push({
      path: url.pathname,
      query: url.searchParams,
      userAgent: String(request.headers['user-agent'] ?? ''),
      at: Date.now(),
    });
    const cover = /^\/release-group\/([0-9a-f-]{36})\/front-500$/.exec(url.pathname);
    if (cover) {
      // As the real archive does: a redirect to the image file.
      if (!withArt.has(cover[1] ?? '')) return void response.writeHead(404).end();
      return void response.writeHead(307, { location: `/images/${cover[1]}-500.jpg` }).end();
    }
    if (url.pathname.startsWith('/images/')) {
      if (fake.coverFail500) return void response.writeHead(500).end();
      return void response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length }).end(image);
    }
    if (!url.pathname.startsWith('/ws/2/') || url.searchParams.get('fmt') !== 'json') {
      return send(response, 404, { error: 'Not Found' });
    }
    const answer = () => answerWs(url.pathname, url.searchParams, response);
    if (fake.delayMs > 0) setTimeout(answer, fake.delayMs).unref();
    else answer();
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
