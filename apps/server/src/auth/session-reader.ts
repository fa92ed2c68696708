import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { toFetchHeaders } from '../lib/fetch-headers.ts';
import type { SessionUser } from '../plugins/session.ts';
import type { Auth } from './auth.ts';
import type { CachedSession, SessionCache } from './session-cache.ts';

/** Better Auth's answer for a session: the parts of it we read. */
interface SessionAnswer {
  session: { token?: string; expiresAt: Date | string; [field: string]: unknown };
  user: {
    id: string;
    email: string;
    name: string;
    image?: string | null;
    role?: string | null;
    suspendedAt?: unknown;
    [field: string]: unknown;
  };
}

/** The cookie a request came with: none, one whose signature is not ours, or a session token. */
export type SessionCookie = { kind: 'none' } | { kind: 'forged' } | { kind: 'token'; token: string };

/**
 * Who a request comes from, asked of Better Auth at most once a second per session (session-cache.ts).
 * The cookie's signature is checked here, with Node's HMAC, exactly as Better Auth signs it
 * (better-call: `value.base64(HMAC-SHA256(secret, value))`, URI-encoded), so a forged cookie never
 * reaches the cache; anything unusual goes to Better Auth, which decides as it always did.
 */
/**
 * Signed cookies already found genuine, and their tokens: checking the signature (an HMAC) was 8 %
 * of a signed-in request's time, and a member sends the same cookie with every request. Only
 * genuine cookies are kept, so forged ones cannot crowd them out; past this many, the memory
 * starts again.
 */
const GENUINE_COOKIES_MAX = 10_000;

export class SessionReader {
  private readonly checking = new Map<string, Promise<CachedSession | null>>();
  private readonly genuine = new Map<string, string>();

  constructor(
    private readonly auth: Pick<Auth, 'api'>,
    private readonly cache: SessionCache,
    private readonly cookie: { name: string; secret: string },
    /** Better Auth renews a session (a new expiry, its cookie sent again) once this old: seconds. */
    private readonly renewal: { expiresIn: number; updateAge: number },
  ) {}

  /** Read before asking Better Auth, handed to `remember` after. */
  get generation(): number {
    return this.cache.generation;
  }

  /**
   * The get-session answer for a token, when it is cached and Better Auth would not renew the
   * session now (renewing sends a new cookie, which only Better Auth's own answer carries).
   */
  answerFor(token: string, now = Date.now()): string | undefined {
    const cached = this.cache.get(token);
    if (!cached) return undefined;
    const { expiresIn, updateAge } = this.renewal;
    if (cached.sessionExpiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;
    return cached.answer;
  }

  /** Reads the session cookie from a Cookie header, as better-call does: the first of that name counts. */
  cookieOf(headers: IncomingHttpHeaders): SessionCookie {
    const raw = cookieValue(headers.cookie, this.cookie.name);
    if (raw === undefined) return { kind: 'none' };
    const known = this.genuine.get(raw);
    if (known !== undefined) return { kind: 'token', token: known };
    const token = verifiedValue(raw, this.cookie.secret);
    if (token === null) return { kind: 'forged' };
    if (this.genuine.size >= GENUINE_COOKIES_MAX) this.genuine.clear();
    this.genuine.set(raw, token);
    return { kind: 'token', token };
  }

  /** The session a request's cookie opens, or null: from the cache, else from Better Auth. */
  async read(headers: IncomingHttpHeaders): Promise<CachedSession | null> {
    const cookie = this.cookieOf(headers);
    // A cookie not signed with our secret opens nothing (Better Auth would answer the same).
    if (cookie.kind !== 'token') return null;
    return this.cache.get(cookie.token) ?? this.ask(headers, cookie.token);
  }

  /** Keeps an answer Better Auth gave to the browser's own get-session call. */
  remember(token: string, answer: unknown, generation: number): void {
    const session = cachedSession(answer);
    if (session) this.cache.set(token, session, generation);
  }

  /** One Better Auth check per token at a time: a burst of one member's requests waits for it. */
  private ask(headers: IncomingHttpHeaders, token: string): Promise<CachedSession | null> {
    let pending = this.checking.get(token);
    if (!pending) {
      pending = this.askBetterAuth(headers, token).finally(() => this.checking.delete(token));
      this.checking.set(token, pending);
    }
    return pending;
  }

  private async askBetterAuth(headers: IncomingHttpHeaders, token: string): Promise<CachedSession | null> {
    const generation = this.cache.generation;
    const answer = await this.auth.api.getSession({ headers: toFetchHeaders(headers) });
    const session = cachedSession(answer);
    if (session && answer?.session.token === token) this.cache.set(token, session, generation);
    return session;
  }
}

/** What the cache keeps of a Better Auth answer; null when it names no session. */
export function cachedSession(answer: unknown): CachedSession | null {
  if (!isSessionAnswer(answer)) return null;
  const { user } = answer;
  const { token: _token, ...session } = answer.session;
  return {
    userId: user.id,
    // Suspension ends sessions; one that raced it still opens nothing (ADR 30).
    user: user.suspendedAt ? null : sessionUser(answer),
    answer: JSON.stringify({ session, user }),
    sessionExpiresAt: new Date(answer.session.expiresAt).getTime(),
  };
}

function sessionUser({ session, user }: SessionAnswer): SessionUser {
  return {
    id: user.id,
    sessionId: String(session.id),
    email: user.email,
    name: user.name,
    image: user.image ?? null,
    role: user.role === 'admin' ? 'admin' : 'user',
  };
}

function isSessionAnswer(value: unknown): value is SessionAnswer {
  if (!value || typeof value !== 'object') return false;
  const { session, user } = value as Partial<SessionAnswer>;
  return Boolean(session && user && typeof user.id === 'string' && session.expiresAt !== undefined);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The value a signed cookie carries, or null when its signature is not this secret's. */
export function verifiedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  // An HMAC-SHA256 in base64 is 44 characters ending in '=' (better-call checks the same).
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
