/**
 * The signed-in workload of `npm run bench:mixed`: the people, what each of them has done so far,
 * and the next request, picked by weight (70 % reads, 30 % writes).
 *
 * Writes are chosen from what the person has done, so every one is a write the API accepts:
 * follow someone not followed yet, add an album they rated and have not collected. A person has at
 * most one write in flight (reads run beside it), so that state is exact when the write is chosen;
 * what two people do at once (both rating one album, following each other) still races on the server.
 */
import { random } from './harness.ts';

/** What the server confirmed: each should equal the rows its table holds after the run. */
export const COUNTERS = ['trackRatings', 'follows', 'notes', 'reviewPosts', 'collection', 'reviewedEntries'] as const;
export type Counter = (typeof COUNTERS)[number];
export type Tally = Record<Counter, number>;

export const emptyTally = (): Tally => ({
  trackRatings: 0,
  follows: 0,
  notes: 0,
  reviewPosts: 0,
  collection: 0,
  reviewedEntries: 0,
});

export interface User {
  id: string;
  name: string;
  cookie: string;
  ip: string;
  /** trackId → [albumId, half stars] */
  ratings: Map<string, [string, number]>;
  /** albumId → how many of its songs this person rated */
  ratedAlbums: Map<string, number>;
  /** albumId → added with a review */
  collection: Map<string, boolean>;
  following: Set<string>;
  writing: boolean;
}

export interface Op {
  name: string;
  write: boolean;
  user: User;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** The answer that means it was done. */
  status: number;
  /** Moves the person's state and the counters once the server said yes. */
  apply?: (tally: Tally) => void;
  /** Counter changes if it was done: bounds what an unanswered write may have changed. */
  delta?: Partial<Tally>;
  started: number;
}

/** Signs up person n from an address of their own and completes their profile. */
export async function signUp(base: string, n: number): Promise<User> {
  const name = `bench_${n}`;
  const ip = `10.90.${Math.floor(n / 250)}.${1 + (n % 250)}`;
  const headers = { origin: base, 'content-type': 'application/json', 'x-forwarded-for': ip };
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, email: `${name}@bench.test`, password: 'vinyl-forever' }),
  });
  if (!res.ok) throw new Error(`sign-up of ${name}: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const profile = await fetch(`${base}/api/users/me/profile`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ displayName: name, bio: 'Here for the deep cuts.', completeSetup: true }),
  });
  if (!profile.ok) throw new Error(`profile of ${name}: ${profile.status} ${await profile.text()}`);
  return {
    id: user.id,
    name,
    cookie,
    ip,
    ratings: new Map(),
    ratedAlbums: new Map(),
    collection: new Map(),
    following: new Set(),
    writing: false,
  };
}

/** A refusal the API documents for a write whose precondition no longer held: an answer, not an error. */
export const EXPECTED_REFUSALS = new Set([
  'ALREADY_FOLLOWING',
  'NOT_FOLLOWING',
  'ALREADY_IN_COLLECTION',
  'NOT_IN_COLLECTION',
]);

const SEARCHES = ['velvet', 'silent river', 'midnight harb', 'the golden', 'love', 'sorensen', 'neon', 'ocean'];
/** Positions every generated album has (8 to 12 songs each). */
const TRACKS_PER_ALBUM = 8;

type Planned = Omit<Op, 'user' | 'started' | 'write'>;
type Pick = (user: User) => Planned;

export function workload(users: User[], albums: number) {
  const rand = random(20_240_614);
  const below = (n: number) => Math.floor(rand() * n);
  const one = <T>(items: readonly T[]): T => items[below(items.length)] as T;
  // Most ratings land on the few hundred albums people know, the rest anywhere in the catalogue.
  const hot = Math.min(albums, 300);
  const album = () => `gen-${1 + (rand() < 0.6 ? below(hot) : below(albums))}`;
  const other = (user: User) => {
    const them = one(users);
    return them === user ? (users[(users.indexOf(them) + 1) % users.length] as User) : them;
  };
  let notes = 0;

  const get = (name: string, path: string) => ({ name, method: 'GET' as const, path, status: 200 });
  const reads: [number, Pick][] = [
    [12, () => get('album', `/api/music/albums/${album()}`)],
    [8, () => get('community', `/api/albums/${album()}/community`)],
    [
      8,
      (u) => {
        const rated = [...u.ratedAlbums.keys()];
        return get('my ratings', `/api/albums/${rated.length && rand() < 0.5 ? one(rated) : album()}/my-ratings`);
      },
    ],
    [6, () => get('top albums', '/api/music/top-albums')],
    [8, () => get('search', `/api/music/search?q=${encodeURIComponent(one(SEARCHES))}&limit=20`)],
    [5, (u) => get('follow state', `/api/users/${other(u).id}/follow`)],
    [5, (u) => get('profile', `/api/profiles/${encodeURIComponent(other(u).name)}`)],
    [6, (u) => get('posts', `/api/users/${other(u).id}/posts`)],
    [4, () => get('my collection', '/api/users/me/collection')],
    [4, (u) => get('collection', `/api/users/${other(u).id}/collection`)],
    [4, (u) => get('followers', `/api/users/${other(u).id}/followers`)],
  ];

  const rate: Pick = (u) => {
    const mine = [...u.ratings.entries()];
    let albumId: string;
    let trackId: string;
    let rating: number | null = 1 + below(10);
    if (mine.length && rand() < 0.1) {
      const [id, [of]] = one(mine);
      [albumId, trackId, rating] = [of, id, null];
    } else {
      const rated = [...u.ratedAlbums.keys()];
      albumId = rated.length && rand() < 0.4 ? one(rated) : album();
      trackId = `${albumId}-${1 + below(TRACKS_PER_ALBUM)}`;
    }
    const before = u.ratings.get(trackId)?.[1] ?? null;
    const rows = (rating === null ? 0 : 1) - (before === null ? 0 : 1);
    return {
      name: rating === null ? 'clear rating' : 'rate song',
      method: 'PUT',
      path: `/api/albums/${albumId}/tracks/${trackId}/rating`,
      body: { rating },
      status: 200,
      delta: { trackRatings: rows },
      apply: (tally) => {
        tally.trackRatings += rows;
        const songs = (u.ratedAlbums.get(albumId) ?? 0) + rows;
        if (songs > 0) u.ratedAlbums.set(albumId, songs);
        else u.ratedAlbums.delete(albumId);
        if (rating === null) u.ratings.delete(trackId);
        else u.ratings.set(trackId, [albumId, rating]);
      },
    };
  };

  const follow: Pick = (u) => {
    // One in three an unfollow, so the counters go down as well as up.
    const unfollow = u.following.size > 0 && (rand() < 0.35 || u.following.size === users.length - 1);
    const strangers = users.filter((them) => them !== u && !u.following.has(them.id));
    const target = unfollow ? one([...u.following]) : one(strangers).id;
    const step = unfollow ? -1 : 1;
    return {
      name: unfollow ? 'unfollow' : 'follow',
      method: unfollow ? 'DELETE' : 'POST',
      path: `/api/users/${target}/follow`,
      status: 200,
      delta: { follows: step },
      apply: (tally) => {
        tally.follows += step;
        if (unfollow) u.following.delete(target);
        else u.following.add(target);
      },
    };
  };

  const note: Pick = () => {
    notes += 1;
    return {
      name: 'note',
      method: 'POST',
      path: '/api/posts',
      body: { title: `Listening notes ${notes}`, content: 'Side two holds up better than I remembered.' },
      status: 201,
      delta: { notes: 1 },
      apply: (tally) => {
        tally.notes += 1;
      },
    };
  };

  const collect: Pick = (u) => {
    const addable = [...u.ratedAlbums.keys()].filter((id) => !u.collection.has(id));
    const collected = [...u.collection.keys()];
    if (addable.length && (!collected.length || rand() < 0.65)) {
      const albumId = one(addable);
      const review = rand() < 0.5;
      const reviewed = review ? 1 : 0;
      return {
        name: 'collect',
        method: 'POST',
        path: '/api/users/me/collection',
        body: review ? { albumId, review: 'Every song earns its place.' } : { albumId },
        status: 201,
        delta: { collection: 1, reviewPosts: reviewed, reviewedEntries: reviewed },
        apply: (tally) => {
          tally.collection += 1;
          tally.reviewPosts += reviewed;
          tally.reviewedEntries += reviewed;
          u.collection.set(albumId, review);
        },
      };
    }
    if (!collected.length) return rate(u);
    const albumId = one(collected);
    // The review stays a post of its own after the album leaves the collection.
    const reviewed = u.collection.get(albumId) ? 1 : 0;
    return {
      name: 'uncollect',
      method: 'DELETE',
      path: `/api/users/me/collection/${albumId}`,
      status: 204,
      delta: { collection: -1, reviewedEntries: -reviewed },
      apply: (tally) => {
        tally.collection -= 1;
        tally.reviewedEntries -= reviewed;
        u.collection.delete(albumId);
      },
    };
  };

  const choices: [number, Pick, boolean][] = [
    ...reads.map(([weight, pick]): [number, Pick, boolean] => [weight, pick, false]),
    [15, rate, true],
    [5, follow, true],
    [5, note, true],
    [5, collect, true],
  ];
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  const start = (op: Planned, user: User, write: boolean): Op => ({
    ...op,
    user,
    write,
    started: performance.now(),
  });

  /** The next request: a random person and a weighted operation. */
  return function next(): Op {
    let roll = rand() * total;
    let chosen = choices[0] as [number, Pick, boolean];
    for (const choice of choices) {
      chosen = choice;
      roll -= choice[0];
      if (roll < 0) break;
    }
    const [, pick, write] = chosen;
    let user = one(users);
    if (!write) return start(pick(user), user, false);
    for (let tries = 0; user.writing && tries < 20; tries++) user = one(users);
    if (user.writing) return start(get('album', `/api/music/albums/${album()}`), user, false);
    user.writing = true;
    return start(pick(user), user, true);
  };
}
