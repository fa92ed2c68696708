import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_WRONG_FORMAT } from '@liner/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { lastfmCsv, rymCsv } from '../test/import-files/fixtures.ts';
import { runCli } from '../test/run-cli.ts';
import { call, createUser, type TestUser } from '../test/users.ts';

/** `npm run cli -- import` as an operator runs it on a person's behalf (ADR 38). */

describe('npm run cli -- import', () => {
  let t: TestApp;
  let ana: TestUser;
  const dir = mkdtempSync(path.join(tmpdir(), 'liner-cli-import-'));

  beforeAll(async () => {
    t = await createTestApp();
    // The CLI reads the job itself; the test app's reader must not race it.
    await t.app.imports.worker.stop();
    ana = await createUser(t);
  });
  afterAll(async () => t?.close());

  // Redis stays out: the CLI reaches it only to drop session copies, which these runs never do.
  const cli = (args: string[]) => runCli(t, args, { REDIS_URL: '' });

  function file(name: string, bytes: Buffer): string {
    const at = path.join(dir, name);
    writeFileSync(at, bytes);
    return at;
  }

  it('imports a file for a person with a progress bar and a summary, and the server shows it', async () => {
    const csv = file(
      'rym.csv',
      rymCsv([
        { firstName: 'Miles', lastName: 'Davis', title: 'Kind of Blue', year: 1959, rating: 9 },
        { lastName: 'Radiohead', title: 'OK Computer', year: 1997, rating: 8 },
        { lastName: 'Nobody Knows Us', title: 'Imaginary Record', rating: 4 },
        { lastName: 'Radiohead', title: 'Kid A', rating: 12 },
      ]),
    );
    const run = await cli(['import', 'rym', csv, '--user', ana.email.toUpperCase()]);
    expect(run.stderr).toContain('importing');
    expect(run.stderr).toContain('4/4 rows');
    expect(run.stdout.trim()).toBe(
      `rym.csv: 2 imported, 1 to resolve, 1 could not be read (resolve them at ${t.config.publicUrl}/import)`,
    );
    expect(run.code).toBe(0);
    const jobs = (await call(t, '/api/imports', { cookie: ana.cookie, ip: ana.ip })).body;
    expect(jobs).toMatchObject([{ source: 'rym', fileName: 'rym.csv', status: 'done', matched: 2, unmatched: 1 }]);
    const mine = (await call(t, '/api/albums/miles-davis-kind-of-blue/my-ratings', { cookie: ana.cookie, ip: ana.ip }))
      .body;
    expect(mine).toMatchObject({ albumRating: 4.5, inCollection: true });
  });

  it('refuses an unknown person, a file of another kind and a missing file, writing nothing', async () => {
    const lastfm = file(
      'scrobbles.csv',
      lastfmCsv([{ artist: 'A', album: 'B', track: 'C', at: new Date('2022-01-01') }]),
    );
    const rym = file('one.csv', rymCsv([{ lastName: 'Radiohead', title: 'OK Computer', rating: 8 }]));
    const nobody = await cli(['import', 'rym', rym, '--user', 'nobody@example.com']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No account found with the e-mail nobody@example.com');
    const wrong = await cli(['import', 'rym', lastfm, '--user', ana.email]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(IMPORT_WRONG_FORMAT.rym);
    const missing = await cli(['import', 'rym', path.join(dir, 'nope.csv'), '--user', ana.email]);
    expect(missing.stderr).toContain('Cannot read');
    const usage = await cli(['import', 'spotify', lastfm, '--user', ana.email]);
    expect(usage.stderr).toContain('npm run cli -- import <rym|listenbrainz|lastfm> <file> --user <email>');
    expect((await call(t, '/api/imports', { cookie: ana.cookie, ip: ana.ip })).body).toHaveLength(1);
  });
});
