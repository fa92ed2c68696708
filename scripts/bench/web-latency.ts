/**
 * How long a page takes to show its content when every API call is slow: `npm run bench:web`.
 *
 * Starts the real server on the built web app (`npm run build` first) with an empty SQLite database
 * and the seed catalogue, then opens each page in Chromium with every /api/ request held back
 * BENCH_API_DELAY_MS (default 3000) before it is sent. The target is content within 4 s, i.e. one
 * round trip: a page whose requests wait for one another's answers pays the delay once per round.
 *
 * For the home page, an album page and a profile page, signed out and signed in, it measures the
 * time from navigation start until the main content is visible (median of BENCH_WEB_RUNS, default
 * 3, each in a fresh browser context, so a cold cache) and counts the rounds of API requests: a
 * request that starts after another API response has finished is in a later round (so rounds mean
 * something only when the delay dwarfs the page's own work). Prints markdown.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page, request } from '@playwright/test';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts';
import { log, root, startServer, stop, stopAll } from './harness.ts';

const DELAY_MS = Number(process.env.BENCH_API_DELAY_MS ?? 3000);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** After the last API response, this long without a new request means the page has settled. */
const QUIET_MS = 1500;
const ALBUM = { id: 'miles-davis-kind-of-blue', name: 'Kind of Blue' };
const LISTENER = { name: 'benchlistener', email: 'bench.listener@bench.test', password: 'bench-listener-Pa55word!' };

interface Target {
  name: string;
  path: string;
  /** Every one of these visible is "the main content is on screen". */
  content: (page: Page) => Locator[];
}

const TARGETS: Target[] = [
  {
    name: 'home',
    path: '/',
    content: (page) => [page.getByRole('region', { name: 'Top Albums' }).getByRole('link').first()],
  },
  {
    name: 'album',
    path: `/album/${ALBUM.id}`,
    content: (page) => [
      page.getByRole('heading', { level: 1, name: ALBUM.name }),
      page.getByRole('region', { name: 'Tracks' }).getByRole('listitem').first(),
    ],
  },
  {
    name: 'profile',
    path: `/profile/${LISTENER.name}`,
    content: (page) => [page.getByRole('heading', { level: 1, name: LISTENER.name })],
  },
];

interface ApiCall {
  label: string;
  start: number;
  end: number;
  round: number;
}

interface Visit {
  contentMs: number;
  calls: ApiCall[];
}

/** Round 1 starts with no API answer in hand; each later round starts after an answer of the one before. */
function assignRounds(calls: Omit<ApiCall, 'round'>[]): ApiCall[] {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const done: ApiCall[] = [];
  for (const call of sorted) {
    const before = done.filter((earlier) => earlier.end <= call.start);
    done.push({ ...call, round: 1 + Math.max(0, ...before.map((earlier) => earlier.round)) });
  }
  return done;
}

async function visit(context: BrowserContext, baseUrl: string, target: Target): Promise<Visit> {
  const page = await context.newPage();
  const started = new Map<object, { label: string; start: number }>();
  const calls: Omit<ApiCall, 'round'>[] = [];
  let lastActivity = performance.now();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/')) return;
    started.set(req, { label: `${req.method()} ${url.pathname}${url.search}`, start: performance.now() });
    lastActivity = performance.now();
  });
  const finish = (req: object) => {
    const call = started.get(req);
    if (!call) return;
    started.delete(req);
    calls.push({ ...call, end: performance.now() });
    lastActivity = performance.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);

  const t0 = performance.now();
  await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'commit' });
  await Promise.all(target.content(page).map((locator) => locator.waitFor({ state: 'visible', timeout: 60_000 })));
  const contentAt = performance.now();
  // Let the page finish what it still asks for, to count every round, not only those before the content.
  const deadline = performance.now() + 10 * DELAY_MS + 10_000;
  while (performance.now() < deadline && (started.size > 0 || performance.now() - lastActivity < QUIET_MS)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.close();
  const relative = calls.map((call) => ({ ...call, start: call.start - t0, end: call.end - t0 }));
  return { contentMs: contentAt - t0, calls: assignRounds(relative) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const dist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-bench-web-'));
  // A copy of the build: a rebuild during the run would replace the files the server was started on.
  const webDir = path.join(dataDir, 'web');
  cpSync(dist, webDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`starting the server on ${baseUrl}`);
  const server = await startServer(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      MUSICBRAINZ: 'off',
      DATABASE_URL: '',
    },
    port,
  );
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    // The listener is made through the API (the forms have their own journeys); its cookie signs in
    // every "signed in" context.
    const api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
    const signUp = await api.post('/api/auth/sign-up/email', {
      data: { name: LISTENER.name, email: LISTENER.email, password: LISTENER.password },
    });
    if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`);
    const setup = await api.put('/api/users/me/profile', {
      data: { displayName: LISTENER.name, bio: 'Listening.', completeSetup: true },
    });
    if (!setup.ok()) throw new Error(`profile setup answered ${setup.status()}: ${await setup.text()}`);
    const signedIn = await api.storageState();
    await api.dispose();

    const rows: string[] = [];
    const chains: string[] = [];
    for (const target of TARGETS) {
      for (const state of ['signed out', 'signed in'] as const) {
        const visits: Visit[] = [];
        for (let run = 0; run < RUNS; run++) {
          log(`${target.name}, ${state}: run ${run + 1} of ${RUNS}`);
          const context = await browser.newContext(state === 'signed in' ? { storageState: signedIn } : {});
          await context.route('**/api/**', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
            // The page may be gone by now (it is closed once it settles).
            await route.continue().catch(() => {});
          });
          visits.push(await visit(context, baseUrl, target));
          await context.close();
        }
        const contentMs = median(visits.map((v) => v.contentMs));
        // What the page costs before any API round: HTML, the entry script and the page's lazy chunk.
        const firstCallMs = median(visits.map((v) => Math.min(...v.calls.map((c) => c.start))));
        const first = visits[0];
        if (!first) continue;
        const toContent = Math.max(0, ...first.calls.filter((c) => c.end <= first.contentMs).map((c) => c.round));
        const total = Math.max(0, ...first.calls.map((c) => c.round));
        const within = contentMs <= DELAY_MS + 1000 ? 'yes' : 'no';
        rows.push(
          `| ${target.name} (\`${target.path}\`) | ${state} | ${Math.round(contentMs)} | ${visits
            .map((v) => Math.round(v.contentMs))
            .join(', ')} | ${within} | ${Math.round(firstCallMs)} | ${toContent} | ${total} | ${first.calls.length} |`,
        );
        chains.push(`**${target.name}, ${state}**`, '');
        for (let round = 1; round <= total; round++) {
          const calls = first.calls.filter((c) => c.round === round);
          const list = calls.map((c) => `\`${c.label}\` (${Math.round(c.start)}–${Math.round(c.end)} ms)`).join(', ');
          chains.push(`- round ${round}: ${list}`);
        }
        chains.push('');
      }
    }

    console.log(
      [
        `### Time to content with every API call delayed ${DELAY_MS} ms (Chromium, cold cache, median of ${RUNS})`,
        '',
        `| page | visitor | content visible ms | runs ms | within ${DELAY_MS + 1000} ms | first API call sent ms | API rounds before content | API rounds in all | API requests |`,
        '|---|---|---:|---|---|---:|---:|---:|---:|',
        ...rows,
        '',
        'Content: home, the first Top Albums card; album, its title heading and first track; profile, the name heading.',
        'A request that starts after another API response has finished is in a later round (covers are API routes too).',
        `Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)} at the end; Node ${process.version}.`,
        'Requests of the first run, with their send and finish times from navigation start:',
        '',
        ...chains,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopAll);
