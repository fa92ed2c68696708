import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const base = { DATA_DIR: '/tmp/liner-env-test', AUTH_SECRET: 'a'.repeat(32) };

describe('loadConfig', () => {
  it('defaults to SQLite in DATA_DIR on port 3000', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: 'sqlite', file: '/tmp/liner-env-test/liner.db' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google).toBeUndefined();
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ ...base, DATABASE_URL: 'postgres://u@db:5432/liner' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/liner', schema: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid PORT: /],
    [{ PORT: '70000' }, /^Invalid PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid DATABASE_URL: must start with postgres/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid PUBLIC_URL: /],
    [{ AUTH_SECRET: 'short' }, /^Invalid AUTH_SECRET: must be at least 32 characters/],
    [{ MUSICBRAINZ: 'maybe' }, /^Invalid MUSICBRAINZ: /],
    [{ GOOGLE_CLIENT_ID: 'id' }, /^Invalid GOOGLE_CLIENT_SECRET: /],
    [{ TRUST_PROXY: 'on' }, /^Invalid TRUST_PROXY: must be off, a hop count/],
    [{ TRUST_PROXY: 'true' }, /^Invalid TRUST_PROXY: /],
    [{ TRUST_PROXY: '10.0.0.0/8,evil' }, /^Invalid TRUST_PROXY: /],
    [{ RATE_LIMIT_WRITES: '-1' }, /^Invalid RATE_LIMIT_WRITES: /],
    [{ RATE_LIMIT_EXPORTS: 'many' }, /^Invalid RATE_LIMIT_EXPORTS: /],
    [{ REDIS_URL: 'localhost:6379' }, /^Invalid REDIS_URL: must start with redis:\/\//],
    [{ REDIS_KEY_PREFIX: 'my site' }, /^Invalid REDIS_KEY_PREFIX: /],
    [{ S3_BUCKET: 'My_Bucket' }, /^Invalid S3_BUCKET: must be an S3 bucket name/],
    [{ S3_BUCKET: 'liner', S3_ACCESS_KEY_ID: 'key' }, /^Invalid S3_SECRET_ACCESS_KEY: /],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^Invalid S3_BUCKET: /],
    [{ S3_BUCKET: 'liner', S3_FORCE_PATH_STYLE: 'sometimes' }, /^Invalid S3_FORCE_PATH_STYLE: /],
    [{ FEDERATION: 'on' }, /^Invalid PUBLIC_URL: FEDERATION=on needs PUBLIC_URL/],
    [{ FEDERATION: 'sometimes', PUBLIC_URL: 'https://liner.example' }, /^Invalid FEDERATION: /],
    [{ FEDERATION_INBOX_PER_MINUTE: '0' }, /^Invalid FEDERATION_INBOX_PER_MINUTE: /],
    [{ FEDERATION_NEW_PEOPLE_PER_HOUR: 'many' }, /^Invalid FEDERATION_NEW_PEOPLE_PER_HOUR: /],
    [
      { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', PUBLIC_URL: 'https://liner.example' },
      /^Invalid FEDERATION_ALLOW_PRIVATE: .* refused for an https PUBLIC_URL/,
    ],
  ])('stops with one line naming the variable for %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('federates only when asked, at PUBLIC_URL, and reaches private addresses only when told to', () => {
    expect(loadConfig(base).federation).toEqual({
      enabled: false,
      allowPrivateAddress: false,
      inboxPerMinute: 600,
      newPeoplePerHour: 300,
    });
    expect(loadConfig({ ...base, FEDERATION: 'on', PUBLIC_URL: 'https://liner.example' })).toMatchObject({
      publicUrl: 'https://liner.example',
      federation: { enabled: true, allowPrivateAddress: false, inboxPerMinute: 600, newPeoplePerHour: 300 },
    });
    const local = loadConfig({
      ...base,
      FEDERATION: 'on',
      FEDERATION_ALLOW_PRIVATE: 'on',
      PUBLIC_URL: 'http://127.0.0.1:4001',
    });
    expect(local.federation).toEqual({
      enabled: true,
      allowPrivateAddress: true,
      inboxPerMinute: 600,
      newPeoplePerHour: 300,
    });
  });

  it('reads Redis and an S3-compatible bucket when configured, and neither by default', () => {
    expect(loadConfig(base)).toMatchObject({ redis: undefined, s3: undefined });
    const config = loadConfig({
      ...base,
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      S3_BUCKET: 'liner-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'on',
    });
    expect(config.redis).toEqual({ url: 'redis://127.0.0.1:6379/2', keyPrefix: 'liner:' });
    expect(config.s3).toEqual({
      bucket: 'liner-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('reads admin emails case-insensitively and trims them', () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: ' Ana@Example.com, bo@x.org ,' }).adminEmails).toEqual([
      'ana@example.com',
      'bo@x.org',
    ]);
  });

  it('trusts PUBLIC_URL as an origin, without a trailing slash', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://liner.example/' });
    expect(config.publicUrl).toBe('https://liner.example');
    expect(config.trustedOrigins).toContain('https://liner.example');
  });

  it('takes TRUST_PROXY as off, a hop count or proxy addresses, never "trust everything"', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('trusts localhost origins only when the site itself is local', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://liner.example' }).trustedOrigins).toEqual([
      'https://liner.example',
    ]);
    expect(loadConfig(base).trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });
});
