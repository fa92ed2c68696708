/**
 * MusicBrainz WS/2 (JSON) and Cover Art Archive clients (DESIGN.md decision 10). MusicBrainz asks
 * for a descriptive User-Agent and at most one request per second per client address; an outage
 * there must never slow our own pages, hence short time-outs and a circuit breaker.
 */

export interface ArtistCredit {
  name: string;
  joinphrase?: string;
  artist?: { id: string; name: string };
}

export interface MbReleaseGroup {
  id: string;
  score?: number;
  title: string;
  'primary-type'?: string | null;
  /** Live, Compilation, Soundtrack…: our `live` and `compilation` types are secondary types there. */
  'secondary-types'?: string[];
  'first-release-date'?: string;
  'artist-credit'?: ArtistCredit[];
}

export interface MbTrack {
  id?: string;
  position?: number;
  number?: string;
  title?: string;
  length?: number | null;
  recording?: { id?: string; title?: string; length?: number | null };
}

export interface MbMedium {
  format?: string | null;
  position?: number;
  'track-count'?: number;
  tracks?: MbTrack[];
}

export interface MbRelease {
  id: string;
  title?: string;
  status?: string | null;
  date?: string;
  country?: string | null;
  media?: MbMedium[];
  'artist-credit'?: ArtistCredit[];
  /** With `inc=release-groups`: the release group (album) the release is an edition of. */
  'release-group'?: MbReleaseGroup;
}

/** A recording (one song as recorded) with the releases it is on (`inc=releases+release-groups`). */
export interface MbRecording {
  id: string;
  title?: string;
  'artist-credit'?: ArtistCredit[];
  releases?: MbRelease[];
}

export interface MbArtist {
  id: string;
  name: string;
  score?: number;
}

/** Raised for every failed call; `outage` marks the kinds that count towards the circuit breaker. */
export class MusicBrainzError extends Error {
  constructor(
    message: string,
    readonly outage: boolean,
  ) {
    super(message);
    this.name = 'MusicBrainzError';
  }
}

export interface MusicBrainzClientOptions {
  baseUrl: string;
  /** Goes into the User-Agent as the contact: our public URL. */
  contact: string;
  /** Smallest gap between two requests' starts (MusicBrainz: one a second). */
  intervalMs?: number;
  /** Per-attempt time-out. */
  timeoutMs?: number;
  /** Retries after a 503, waiting retryBaseMs, then twice, then four times as long. */
  maxRetries?: number;
  retryBaseMs?: number;
  /** After this many failed calls in a row nothing is asked for breakerMs. */
  breakerThreshold?: number;
  breakerMs?: number;
}

export interface CallOptions {
  /** Ends the whole call (queue wait, attempts, back-off): a caller's overall budget. */
  signal?: AbortSignal;
  /** Gives up at once, as busy, when the queue would make this call wait longer than this. */
  maxQueueMs?: number;
}

export const USER_AGENT_PRODUCT = 'liner/0.1';

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}

/**
 * One instance per process (app.ts builds one, the CLI another): the rate limit and the breaker
 * live in it. Requests are given start slots `intervalMs` apart in call order, a promise queue
 * without a queue object.
 */
export class MusicBrainzClient {
  private readonly baseUrl: string;
  private readonly userAgent: string;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly breakerThreshold: number;
  private readonly breakerMs: number;
  private nextSlot = 0;
  private failures = 0;
  private openUntil = 0;

  constructor(options: MusicBrainzClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.userAgent = `${USER_AGENT_PRODUCT} ( ${options.contact} )`;
    // 1.25 s, not 1 s: start slots exactly a second apart can arrive closer than that after network
    // jitter (seen: 986 ms), and MusicBrainz counts arrivals; on a busy machine a request can also
    // leave 100 ms or more after its slot while the next leaves on time (seen with 1.1 s slots).
    this.intervalMs = options.intervalMs ?? 1250;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxRetries = options.maxRetries ?? 3;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.breakerThreshold = options.breakerThreshold ?? 3;
    this.breakerMs = options.breakerMs ?? 60_000;
  }

  /** True while the breaker is open: callers skip MusicBrainz without waiting. */
  get open(): boolean {
    return Date.now() < this.openUntil;
  }

  searchReleaseGroups(query: string, limit: number, options?: CallOptions) {
    return this.get<{ count?: number; 'release-groups'?: MbReleaseGroup[] }>(
      '/ws/2/release-group',
      { query, limit: String(limit) },
      options,
    );
  }

  searchArtists(query: string, limit: number, options?: CallOptions) {
    return this.get<{ artists?: MbArtist[] }>('/ws/2/artist', { query, limit: String(limit) }, options);
  }

  /** One page of an artist's album release groups (browse: no scores). */
  browseAlbumReleaseGroups(artistMbid: string, offset: number, options?: CallOptions) {
    return this.get<{ 'release-group-count'?: number; 'release-groups'?: MbReleaseGroup[] }>(
      '/ws/2/release-group',
      { artist: artistMbid, type: 'album', inc: 'artist-credits', limit: '100', offset: String(offset) },
      options,
    );
  }

  releaseGroup(mbid: string, options?: CallOptions) {
    return this.get<MbReleaseGroup>(
      `/ws/2/release-group/${encodeURIComponent(mbid)}`,
      { inc: 'artist-credits' },
      options,
    );
  }

  /** One release with its release group and credits (an import's file names releases). */
  release(mbid: string, options?: CallOptions) {
    return this.get<MbRelease>(
      `/ws/2/release/${encodeURIComponent(mbid)}`,
      { inc: 'release-groups+artist-credits' },
      options,
    );
  }

  /** One recording with the releases it is on and each release's group. */
  recording(mbid: string, options?: CallOptions) {
    return this.get<MbRecording>(
      `/ws/2/recording/${encodeURIComponent(mbid)}`,
      { inc: 'releases+release-groups+artist-credits' },
      options,
    );
  }

  /** The releases of a release group with their track lists. */
  releases(releaseGroupMbid: string, options?: CallOptions) {
    return this.get<{ releases?: MbRelease[] }>(
      '/ws/2/release',
      { 'release-group': releaseGroupMbid, inc: 'recordings+artist-credits', limit: '100' },
      options,
    );
  }

  async get<T>(path: string, params: Record<string, string>, options: CallOptions = {}): Promise<T> {
    if (this.open) throw new MusicBrainzError('MusicBrainz skipped: circuit breaker open', false);
    // `inc` keeps its literal '+' separators; everything else is encoded.
    const query = Object.entries({ ...params, fmt: 'json' })
      .map(([key, value]) =>
        key === 'inc'
          ? `inc=${value.split('+').map(encodeURIComponent).join('+')}`
          : `${key}=${encodeURIComponent(value)}`,
      )
      .join('&');
    const url = `${this.baseUrl}${path}?${query}`;
    try {
      const body = await this.attempt<T>(url, options);
      this.failures = 0;
      return body;
    } catch (error) {
      // Anything else ended a wait in the queue or a back-off: the caller gave up, MusicBrainz did not fail.
      const failure =
        error instanceof MusicBrainzError ? error : new MusicBrainzError(`MusicBrainz: ${describe(error)}`, false);
      if (failure.outage && ++this.failures >= this.breakerThreshold) {
        this.openUntil = Date.now() + this.breakerMs;
        this.failures = 0;
      }
      throw failure;
    }
  }

  /** Waits for this request's start slot; slots are handed out in call order. */
  private async slot(options: CallOptions): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    if (options.maxQueueMs !== undefined && at - now > options.maxQueueMs) {
      throw new MusicBrainzError('MusicBrainz busy: request queue full', false);
    }
    this.nextSlot = at + this.intervalMs;
    if (at > now) await sleep(at - now, options.signal);
  }

  private async attempt<T>(url: string, options: CallOptions): Promise<T> {
    for (let retry = 0; ; retry++) {
      await this.slot(options);
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, { headers: { 'user-agent': this.userAgent, accept: 'application/json' }, signal });
      } catch (error) {
        // Refused, reset or too slow (our time-out or the caller's budget): an outage.
        throw new MusicBrainzError(`MusicBrainz: ${describe(error)}`, true);
      }
      if (response.status === 503 && retry < this.maxRetries) {
        await response.body?.cancel();
        await sleep(this.retryBaseMs * 2 ** retry, options.signal);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        // A missing or refused entity is an answer, not an outage.
        throw new MusicBrainzError(`MusicBrainz answered ${response.status} for ${url}`, response.status >= 500);
      }
      try {
        return (await response.json()) as T;
      } catch (error) {
        throw new MusicBrainzError(`MusicBrainz: ${describe(error)}`, true);
      }
    }
  }
}

export interface CoverArtClientOptions {
  baseUrl: string;
  contact: string;
  timeoutMs?: number;
  /** Larger answers are refused: a front-500 thumbnail is far smaller. */
  maxBytes?: number;
}

/** The Cover Art Archive: no rate limit, redirects to the image on archive.org. */
export class CoverArtClient {
  private readonly baseUrl: string;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(options: CoverArtClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.userAgent = `${USER_AGENT_PRODUCT} ( ${options.contact} )`;
    this.timeoutMs = options.timeoutMs ?? 8000;
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  }

  /** The release group's front image (about 500 px), or null when it has none. */
  async front500(releaseGroupMbid: string, options: { signal?: AbortSignal } = {}): Promise<Buffer | null> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const response = await fetch(`${this.baseUrl}/release-group/${encodeURIComponent(releaseGroupMbid)}/front-500`, {
      headers: { 'user-agent': this.userAgent },
      redirect: 'follow',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`Cover Art Archive answered ${response.status}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > this.maxBytes) {
      await response.body?.cancel();
      throw new Error('Cover Art Archive image too large');
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > this.maxBytes) throw new Error('Cover Art Archive image too large');
    return bytes;
  }
}
