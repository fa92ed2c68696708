import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServerData, request, type ServerData, signUp, startServer } from '../test/server-process.ts';

// kill -9 in the middle of acknowledged writes, three times over (DESIGN.md decision 11): every
// write the server answered is there after a restart, and the SQLite file stays intact.
let data: ServerData;
beforeAll(async () => {
  data = await createServerData('crash');
});
afterAll(async () => data.dispose());

const sqlite = !process.env.TEST_DATABASE_URL;

it('keeps every acknowledged sign-up and note through three kill -9 rounds, and on SQLite the file passes integrity_check', async () => {
  const signedUp: string[] = [];
  const noted: string[] = [];
  for (let round = 0; round < 3; round++) {
    const server = await startServer(data);
    const writer = await signUp(server.base, `crash_writer_${round}`, `10.6.${round}.250`);
    let killed = false;
    const notes = Array.from({ length: 12 }, async (_, c) => {
      for (let n = 0; !killed; n++) {
        const title = `crash r${round} c${c} n${n}`;
        const answer = await request(server.base, 'POST', '/api/posts', {
          body: { title, content: 'written just before a kill -9' },
          cookie: writer.cookie,
          ip: `10.6.${round}.${c + 1}`,
        });
        if (answer.status === 201) noted.push(title);
        else if (answer.error) break;
      }
    });
    const signUps = Array.from({ length: 3 }, async (_, c) => {
      for (let n = 0; !killed; n++) {
        const name = `crash_${round}_${c}_${n}`;
        const answer = await request(server.base, 'POST', '/api/auth/sign-up/email', {
          body: { name, email: `${name}@example.com`, password: 'a long enough passphrase 42' },
          ip: `10.5.${round * 3 + c}.${n + 1}`,
        });
        if (answer.status === 200) signedUp.push(`${name}@example.com`);
        else if (answer.error) break;
      }
    });
    // Killed mid-stream: once this round has a few acknowledged notes (a busy CI machine may take
    // longer than usual to get there), while more are in flight.
    const before = noted.length;
    const started = Date.now();
    while ((noted.length - before < 5 || Date.now() - started < 300) && Date.now() - started < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    killed = true;
    await Promise.all([...notes, ...signUps]);
    signedUp.push(`crash_writer_${round}@example.com`);

    if (sqlite) {
      expect(await data.query<{ integrity_check: string }>('pragma integrity_check')).toEqual([
        { integrity_check: 'ok' },
      ]);
    }
  }
  expect(noted.length).toBeGreaterThan(10);

  const server = await startServer(data);
  try {
    const titles = new Set(
      (await data.query<{ title: string }>("select title from posts where title like 'crash %'")).map((r) => r.title),
    );
    const emails = new Set(
      (await data.query<{ email: string }>('select email from "user" where email like \'crash%\'')).map((r) => r.email),
    );
    expect(noted.filter((title) => !titles.has(title))).toEqual([]);
    expect(signedUp.filter((email) => !emails.has(email))).toEqual([]);
    // Each acknowledged sign-up is a whole account: its profile came with it.
    const profiles = await data.query<{ n: number | string }>(
      'select count(*) as n from profiles join "user" on "user".id = profiles.user_id where "user".email like \'crash%\'',
    );
    expect(Number(profiles[0]?.n)).toBeGreaterThanOrEqual(signedUp.length);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
}, 90_000);
