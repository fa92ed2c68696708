import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { knownMigrations } from '../db/schema-version.ts';
import { createBackup } from '../ops/backup/create-backup.ts';
import { restoreBackup } from '../ops/backup/restore-backup.ts';
import { CLI_ENTRY } from '../test/server-bundle.ts';
import {
  createServerData,
  request,
  type ServerData,
  type ServerDataOptions,
  type ServerProcess,
  signUp,
  startServer,
} from '../test/server-process.ts';

/**
 * Backup and restore: `npm run cli -- backup` copies a server that keeps taking writes,
 * and a restore into an empty directory serves every write acknowledged before the backup began,
 * sessions included. On PostgreSQL (TEST_DATABASE_URL) through pg_dump and pg_restore.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const pgUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'liner-backup-test-'));
const disposers: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const dispose of disposers.reverse()) await dispose();
  rmSync(work, { recursive: true, force: true });
});

interface CliResult {
  code: number | null;
  output: string;
}

/** `npm run cli -- …` against one instance's data (and schema on PostgreSQL). */
function cli(args: string[], data: Pick<ServerData, 'dataDir' | 'schema'>, env: NodeJS.ProcessEnv = {}) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: data.dataDir, LOG_LEVEL: 'silent', ...env };
  delete childEnv.AUTH_SECRET;
  if (pgUrl && data.schema) {
    childEnv.DATABASE_URL = pgUrl;
    childEnv.DATABASE_SCHEMA = data.schema;
  } else delete childEnv.DATABASE_URL;
  return new Promise<CliResult>((resolve) => {
    const child = spawn(process.execPath, [...CLI_ENTRY, ...args], {
      cwd: root,
      env: childEnv,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The configuration the CLI would load for this instance (no secret generated). */
function configOf(data: Pick<ServerData, 'dataDir' | 'schema'>, env: Record<string, string> = {}) {
  const database = pgUrl && data.schema ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: data.schema } : {};
  return loadConfig({ DATA_DIR: data.dataDir, LOG_LEVEL: 'silent', ...database, ...env }, { createSecret: false });
}

const restoreInto = (data: ServerData, file: string) =>
  restoreBackup({ config: configOf(data), archive: file, onProgress: () => {} });

const backupOf = (data: ServerData, file: string, options: { force?: boolean; env?: Record<string, string> } = {}) =>
  createBackup({
    config: configOf(data, options.env),
    destination: file,
    force: options.force ?? false,
    onProgress: () => {},
  });

/** `empty` for a restore's target: a restore refuses a data directory that already holds a database. */
async function newData(prefix: string, options: ServerDataOptions = {}): Promise<ServerData> {
  const data = await createServerData(prefix, options);
  disposers.push(() => data.dispose());
  return data;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The archive's files in a directory, to alter and pack again. */
async function unpack(archive: string): Promise<string> {
  const dir = mkdtempSync(path.join(work, 'unpacked-'));
  await tar.extract({ file: archive, cwd: dir });
  return dir;
}

async function pack(dir: string, name: string): Promise<string> {
  const file = path.join(work, name);
  await tar.create({ gzip: true, file, cwd: dir }, readdirSync(dir));
  return file;
}

async function uploadPicture(base: string, cookie: string): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${base}/api/users/me/profile/picture`, {
    method: 'POST',
    headers: { cookie, origin: base, 'x-forwarded-for': '10.61.0.1' },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { pictureUrl: string }).pictureUrl;
}

const fetchBytes = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

interface Write {
  user: string;
  cookie: string;
  /** A sign-up, or a song rating. */
  rating?: { albumId: string; trackId: string; value: number };
  acknowledgedAt: number;
}

/** Made by the first test from a server under writes; the unhappy paths alter copies of it. */
let archive = '';
/** The instance the first test restored (still holding its data), a target that is not empty. */
let restored: ServerData;

describe('backup and restore', () => {
  it('backs up a server that keeps writing; a restore serves every write acknowledged before the backup began', async () => {
    const source = await newData('backup');
    const server = await startServer(source);
    const tracks = await source.query<{ id: string; album_id: string }>(
      'select id, album_id from tracks order by album_id, position limit 400',
    );
    let nextTrack = 0;
    const writes: Write[] = [];
    let signUps = 0;

    const ana = await signUp(server.base, 'ana_before', '10.61.0.1');
    const pictureUrl = await uploadPicture(server.base, ana.cookie);
    const picture = await fetchBytes(`${server.base}${pictureUrl}`);

    // Writers: each signs a person up, then has them rate two songs, until told to stop.
    let writing = true;
    const writer = async (w: number) => {
      while (writing) {
        signUps += 1;
        const name = `writer_${w}_${signUps}`;
        const ip = `10.62.${Math.floor(signUps / 250)}.${(signUps % 250) + 1}`;
        const person = await signUp(server.base, name, ip);
        writes.push({ user: name, cookie: person.cookie, acknowledgedAt: performance.now() });
        for (let n = 0; n < 2 && writing; n++) {
          const track = tracks[nextTrack++ % tracks.length] as { id: string; album_id: string };
          const value = (signUps % 10) + 1;
          const answer = await request(server.base, 'PUT', `/api/albums/${track.album_id}/tracks/${track.id}/rating`, {
            body: { rating: value },
            cookie: person.cookie,
            ip,
          });
          expect(answer.status).toBe(200);
          writes.push({
            user: name,
            cookie: person.cookie,
            rating: { albumId: track.album_id, trackId: track.id, value },
            acknowledgedAt: performance.now(),
          });
        }
      }
    };
    const writers = [1, 2, 3].map(writer);
    const ratings = () => writes.filter((w) => w.rating).length;
    while (ratings() < 12) await new Promise((r) => setTimeout(r, 50));

    archive = path.join(work, 'liner.tar.gz');
    const backupStarted = performance.now();
    const backup = await cli(['backup', archive], source);
    const backupEnded = performance.now();
    writing = false;
    await Promise.all(writers);
    await stop(server);
    expect(backup.output).toMatch(/Backup written: .*liner\.tar\.gz/);
    expect(backup.code).toBe(0);
    // It holds the secret and everyone's data: for its owner's eyes only.
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const acknowledged = writes.filter((w) => w.acknowledgedAt < backupStarted);
    // The backup ran while the server took writes, or this test shows nothing.
    expect(
      writes.filter((w) => w.acknowledgedAt > backupStarted && w.acknowledgedAt < backupEnded).length,
    ).toBeGreaterThan(0);
    expect(acknowledged.filter((w) => w.rating).length).toBeGreaterThanOrEqual(12);

    const manifest = JSON.parse(readFileSync(path.join(await unpack(archive), 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'liner-backup',
      dialect: pgUrl ? 'postgres' : 'sqlite',
      schema: expect.stringMatching(/^\d{3}-/),
      database: { included: true },
      uploads: { location: 'archive', count: 1 },
      authSecret: true,
    });

    restored = await restoreTarget(source);
    const restore = await cli(['restore', archive], restored);
    expect(restore.output).toContain('Restored the database');
    expect(restore.code).toBe(0);

    const second = await startServer(restored);
    try {
      // Sessions made before the backup still work: the generated secret came along.
      const me = await request(second.base, 'GET', '/api/users/me/profile', { cookie: ana.cookie });
      expect(me.status).toBe(200);
      expect((me.body as { pictureUrl: string }).pictureUrl).toBe(pictureUrl);
      expect(await fetchBytes(`${second.base}${pictureUrl}`)).toEqual(picture);

      for (const write of acknowledged.filter((w) => !w.rating)) {
        const answer = await request(second.base, 'GET', '/api/users/me/profile', { cookie: write.cookie });
        expect(answer.status, write.user).toBe(200);
      }
      for (const write of acknowledged.filter((w) => w.rating)) {
        const { albumId, trackId, value } = write.rating as NonNullable<Write['rating']>;
        const answer = await request(second.base, 'GET', `/api/albums/${albumId}/my-ratings`, { cookie: write.cookie });
        expect((answer.body as { ratings: Record<string, number> }).ratings[trackId], write.user).toBe(value);
      }
    } finally {
      await stop(second);
    }
    // One moment of the database, not pieces of several: every album's totals match its ratings.
    const mismatched = await restored.query(
      `select s.album_id from album_stats s
       where s.ratings_count <> (select cast(count(*) as integer) from track_ratings r where r.album_id = s.album_id)`,
    );
    expect(mismatched).toEqual([]);
  }, 50_000);

  it('refuses to restore over an instance: its database, files and secret stay as they were', async () => {
    const database = pgUrl ? null : path.join(restored.dataDir, 'liner.db');
    const before = database ? sha256(database) : null;
    const result = await cli(['restore', archive], restored);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Refusing to restore: .*(liner\.db|PostgreSQL schema).* A restore never overwrites/);
    if (database) expect(sha256(database)).toBe(before);
  });

  // The refusals below call what the CLI calls, in this process: a CLI process costs seconds to start.
  it('refuses an archive whose files do not match their checksums, and writes nothing', async () => {
    const dir = await unpack(archive);
    const secret = path.join(dir, 'auth-secret');
    writeFileSync(secret, `${readFileSync(secret, 'utf8').slice(0, -1)}x`);
    const target = await newData('damaged', { empty: true });
    await expect(restoreInto(target, await pack(dir, 'damaged.tar.gz'))).rejects.toThrow(
      'damaged.tar.gz is damaged: auth-secret does not match its checksum',
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses a file that is not a backup archive', async () => {
    const target = await newData('notarchive', { empty: true });
    const text = path.join(work, 'notes.tar.gz');
    writeFileSync(text, 'these are not the files you are looking for\n'.repeat(20));
    await expect(restoreInto(target, text)).rejects.toThrow('notes.tar.gz is not a liner backup: not a tar.gz archive');

    const dir = mkdtempSync(path.join(work, 'other-'));
    writeFileSync(path.join(dir, 'readme.txt'), 'a tar.gz, but not ours');
    await expect(restoreInto(target, await pack(dir, 'other.tar.gz'))).rejects.toThrow(
      'other.tar.gz is not a liner backup: it has no manifest.json',
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses an archive from a newer schema than this code knows, asking to upgrade first', async () => {
    const dir = await unpack(archive);
    const manifestFile = path.join(dir, 'manifest.json');
    writeFileSync(
      manifestFile,
      JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), schema: '999-from-the-future' }),
    );
    const target = await newData('newer', { empty: true });
    await expect(restoreInto(target, await pack(dir, 'newer.tar.gz'))).rejects.toThrow(
      `holds a database at schema 999-from-the-future, newer than this liner knows (${knownMigrations().at(-1)}): upgrade liner first`,
    );
    expect(readdirSync(target.dataDir)).toEqual([]);
  });

  it('refuses to overwrite an existing file unless --force', async () => {
    const existing = path.join(work, 'existing.tar.gz');
    copyFileSync(archive, existing);
    await expect(backupOf(restored, existing)).rejects.toThrow(
      `${existing} already exists: choose another name, or add --force to replace it`,
    );
    expect(sha256(existing)).toBe(sha256(archive));

    await backupOf(restored, existing, { force: true });
    expect(sha256(existing)).not.toBe(sha256(archive));
    expect(readdirSync(work).filter((f) => f.includes('partial') || f.startsWith('.liner-backup-'))).toEqual([]);
  });

  it('with S3_BUCKET set, says the files stay in the bucket and leaves them out', async () => {
    const file = path.join(work, 'bucket.tar.gz');
    const { notes, manifest } = await backupOf(restored, file, { env: { S3_BUCKET: 'liner-files' } });
    expect(notes.join('\n')).toContain('Uploaded files live in the S3 bucket liner-files and are NOT in this backup');
    expect(manifest).toMatchObject({
      uploads: { location: 'bucket', bucket: 'liner-files', count: 0 },
      authSecret: true,
    });
    expect(existsSync(path.join(await unpack(file), 'uploads'))).toBe(false);
  });

  it.runIf(pgUrl)(
    'without pg_dump on PATH, prints the command to run and still archives files and secret',
    async () => {
      const file = path.join(work, 'no-pg-dump.tar.gz');
      const result = await cli(['backup', file], restored, { PATH: '' });
      expect(result.code).toBe(0);
      expect(result.output).toContain('The PostgreSQL database is NOT in this backup');
      expect(result.output).toContain(
        `pg_dump --format=custom --schema=${restored.schema} --file=liner.pgdump --dbname=`,
      );
      const manifest = JSON.parse(readFileSync(path.join(await unpack(file), 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ database: { included: false }, uploads: { count: 1 }, authSecret: true });
    },
  );
});

/**
 * An empty directory (and on PostgreSQL the source's schema name) to restore into. pg_restore
 * cannot rename a schema, so the source's schema makes way: renamed, it is still dropped with
 * the run's other schemas (test/global-setup.ts).
 */
async function restoreTarget(source: ServerData): Promise<ServerData> {
  if (!source.schema) return newData('restored', { empty: true });
  await source.query(`alter schema ${source.schema} rename to ${source.schema}_source`);
  const dataDir = mkdtempSync(path.join(work, 'restored-'));
  return { ...source, dataDir };
}
