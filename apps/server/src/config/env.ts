import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../lib/repo-root.ts';

/** The only module that reads process.env (DESIGN.md, rules of the road). */

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const httpUrl = z.url({ protocol: /^https?$/ });

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:]+(\/\d{1,3})?$/i;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which hops' X-Forwarded-For to believe: `off`, a hop count (`1` = the one proxy in front of us),
 * or the proxies' addresses (`10.0.0.0/8,127.0.0.1`, or proxy-addr's `loopback` / `uniquelocal`).
 * "Trust everything" is refused: a client could then forge its address with a leftmost entry.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every((e) => IPV4_OR_CIDR.test(e) || IPV6_OR_CIDR.test(e) || PROXY_NAMES.has(e))) {
    return entries;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'must be off, a hop count (e.g. 1) or proxy addresses (e.g. 10.0.0.0/8,127.0.0.1); "on" would trust forged addresses',
  });
  return z.NEVER;
});

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL identifier')
    .optional(),
  PUBLIC_URL: httpUrl.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  REGISTRATION: z.enum(['open', 'invite', 'closed']).default('open'),
  CHART_MIN_LISTENERS: z.coerce.number().int().min(1).max(1000).default(3),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('liner <no-reply@liner.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
  MUSICBRAINZ: onOff.default(true),
  MUSICBRAINZ_MATCH: onOff.default(true),
  MUSICBRAINZ_URL: httpUrl.default('https://musicbrainz.org'),
  COVERART_URL: httpUrl.default('https://coverartarchive.org'),
  SPOTIFY_OEMBED_URL: httpUrl.default('https://open.spotify.com/oembed'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUEST_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_SEARCHES: z.coerce.number().int().min(0).default(120),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_EXPORTS: z.coerce.number().int().min(0).default(10),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,50}$/, 'must be 1–50 letters, digits, ":", "_", "." or "-"')
    .default('liner:'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lowercase letters, digits, . and -)')
    .optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: onOff.default(false),
  FEDERATION: onOff.default(false),
  FEDERATION_ALLOW_PRIVATE: onOff.default(false),
  FEDERATION_INBOX_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  FEDERATION_NEW_PEOPLE_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(300),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };
  publicUrl: string;
  authSecret: string;
  adminEmails: string[];
  /** Who may create an account until an admin chooses otherwise in the dashboard (ADR 30). */
  registration: 'open' | 'invite' | 'closed';
  /** People an album or song needs to enter the charts and the home top lists. */
  chartMinListeners: number;
  smtpUrl?: string;
  mailFrom: string;
  google?: { clientId: string; clientSecret: string; issuer: string };
  /** `match`: the background job that matches the seed to MusicBrainz (ADR 31), when enabled. */
  musicbrainz: { enabled: boolean; match: boolean; url: string; coverArtUrl: string };
  spotifyOembedUrl: string;
  logLevel: string;
  /** Which answered requests are logged: a share of them (0–1) at info, and every slow one at warn. */
  requestLog: { sampleRate: number; slowMs: number };
  /** false, a hop count, or the addresses of trusted proxies (never `true`). */
  trustProxy: false | number | string[];
  webDistDir: string;
  /** Per signed-in user (an address gets ten times as many); 0 turns a limit off. */
  rateLimits: { writesPerMinute: number; searchesPerMinute: number; uploadsPerHour: number; exportsPerHour: number };
  /** Origins allowed to send mutating requests besides PUBLIC_URL's. */
  trustedOrigins: string[];
  /** Shared rate limits, session storage and cache invalidation across instances. */
  redis?: { url: string; keyPrefix: string };
  /** Files in an S3-compatible bucket instead of DATA_DIR/uploads, still served through our origin. */
  s3?: S3Config;
  /**
   * ActivityPub (ADR 52): on, members are actors other servers may follow. `allowPrivateAddress`
   * lets remote fetches reach loopback and private networks, for two instances on one machine in
   * tests only (refused for an https site).
   */
  federation: {
    enabled: boolean;
    allowPrivateAddress: boolean;
    /** Deliveries a sending server, and a client address, may make a minute. */
    inboxPerMinute: number;
    /** People of one server who may become members here in an hour. */
    newPeoplePerHour: number;
  };
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (instance role, ~/.aws, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

function isLocalUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

/** The secret is generated once and kept in DATA_DIR so sessions survive restarts without setup. */
function loadOrCreateSecret(dataDir: string, create: boolean): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!create) return '';
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface LoadConfigOptions {
  /**
   * false: DATA_DIR is left as it is, and authSecret is '' when neither AUTH_SECRET nor the file
   * exists. For the backup tools, which must neither invent a secret nor fill the empty directory
   * a restore is about to fill.
   */
  createSecret?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  // An empty variable means unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid S3_BUCKET: S3_ENDPOINT and the S3 keys need S3_BUCKET, the bucket to keep files in');
  }
  if (e.FEDERATION && !e.PUBLIC_URL) {
    // Actors are named by their address: one guessed from HOST and PORT would be wrong behind a
    // proxy, and it can never change once other servers know it.
    throw new ConfigError(
      'Invalid PUBLIC_URL: FEDERATION=on needs PUBLIC_URL, the address other servers reach this site at (it cannot change later)',
    );
  }
  if (e.FEDERATION_ALLOW_PRIVATE && e.PUBLIC_URL?.startsWith('https:')) {
    throw new ConfigError(
      'Invalid FEDERATION_ALLOW_PRIVATE: it lets remote fetches reach private addresses, for tests on one machine only; it is refused for an https PUBLIC_URL',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const listenHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${listenHost}:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { dialect: 'sqlite', file: path.join(dataDir, 'liner.db') },
    publicUrl,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir, options.createSecret ?? true),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    registration: e.REGISTRATION,
    chartMinListeners: e.CHART_MIN_LISTENERS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    musicbrainz: {
      enabled: e.MUSICBRAINZ,
      match: e.MUSICBRAINZ_MATCH,
      url: e.MUSICBRAINZ_URL,
      coverArtUrl: e.COVERART_URL,
    },
    spotifyOembedUrl: e.SPOTIFY_OEMBED_URL,
    logLevel: e.LOG_LEVEL,
    requestLog: { sampleRate: e.LOG_REQUEST_SAMPLE, slowMs: e.LOG_SLOW_REQUEST_MS },
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    rateLimits: {
      writesPerMinute: e.RATE_LIMIT_WRITES,
      searchesPerMinute: e.RATE_LIMIT_SEARCHES,
      uploadsPerHour: e.RATE_LIMIT_UPLOADS,
      exportsPerHour: e.RATE_LIMIT_EXPORTS,
    },
    // Local addresses are trusted only when the site itself is served locally: a public https
    // site must not accept writes from a page on someone's localhost.
    trustedOrigins: isLocalUrl(publicUrl)
      ? [...new Set([publicUrl, `http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`])]
      : [publicUrl],
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    federation: {
      enabled: e.FEDERATION,
      allowPrivateAddress: e.FEDERATION_ALLOW_PRIVATE,
      inboxPerMinute: e.FEDERATION_INBOX_PER_MINUTE,
      newPeoplePerHour: e.FEDERATION_NEW_PEOPLE_PER_HOUR,
    },
  };
}

/** The environment of a child process (pg_dump, pg_restore): ours, plus `extra`. */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
