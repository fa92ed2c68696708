// `npm run test:e2e:proxy`: a few browser journeys through nginx, as deploy/nginx/liner.conf puts liner
// behind it: PUBLIC_URL is the proxy's address, TRUST_PROXY=1, and the requests go through that file's
// own `location /` block (headers, body size). The proxy speaks plain http here: TLS is nginx's job
// and changes nothing liner sees but the scheme, which the journeys cannot get a certificate for.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensureChromium,
  ensureDebianProgram,
  ensureDependencies,
  ensureNativeModules,
  ensureServerBuild,
  ensureSupportedNode,
  ensureWebBuild,
  root,
  say,
} from './lib.mjs';

await ensureSupportedNode();

// Sign-up and a profile picture (cookies, a multipart upload under client_max_body_size), a verification
// link built from PUBLIC_URL, ratings and a review (writes pass the cross-site guard only when the Origin
// the browser sends matches PUBLIC_URL through the proxy's Host), and two browsers' sessions.
const JOURNEYS = [
  'e2e/accounts.spec.ts',
  'e2e/library.spec.ts',
  'e2e/sessions.spec.ts',
  '--grep',
  [
    'signs up, sets up a profile with a picture',
    'is asked to verify the address',
    'rates songs, keeps the album with a review',
    'lists the signed-in browsers',
  ].join('|'),
];

/** Debian's nginx (as ensureChromium does for Chromium). */
const ensureNginx = () => ensureDebianProgram(['/usr/sbin/nginx', '/usr/bin/nginx'], 'nginx-light');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The shipped site's `location / { … }` block, so the journeys exercise its headers and limits. */
function shippedLocation() {
  const conf = readFileSync(path.join(root, 'deploy/nginx/liner.conf'), 'utf8');
  const block = conf.match(/^ {2}location \/ \{\n[\s\S]*?^ {2}\}$/m)?.[0];
  if (!block) throw new Error('deploy/nginx/liner.conf has no `location / { … }` block');
  return block;
}

async function waitFor(url, child, name) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} within 60 s`);
}

ensureDependencies();
ensureNativeModules();
ensureWebBuild();
ensureServerBuild();
ensureChromium();
const nginx = ensureNginx();

const dir = mkdtempSync(path.join(tmpdir(), 'liner-e2e-proxy-'));
// nginx's workers (`nobody` when started as root) create their temp directories under it.
chmodSync(dir, 0o755);
const dataDir = path.join(dir, 'data');
const [linerPort, proxyPort] = [await freePort(), await freePort()];
const proxyURL = `http://127.0.0.1:${proxyPort}`;
const children = [];

const running = (child) => child.exitCode === null && child.signalCode === null;

function stopAll() {
  for (const child of children) if (running(child)) child.kill('SIGTERM');
}

/** Stops liner and nginx and waits (up to 10 s) until both have exited. */
async function stopAndWait() {
  const exits = children.filter(running).map((child) => new Promise((resolve) => child.once('exit', resolve)));
  stopAll();
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 10_000))]);
}
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

let status = 1;
try {
  const liner = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(linerPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: proxyURL,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      MUSICBRAINZ: 'off',
      ADMIN_EMAILS: 'admin@e2e.test,admin.pending@e2e.test',
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
    },
  });
  children.push(liner);

  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream liner { server 127.0.0.1:${linerPort}; keepalive 4; }
  server {
    listen 127.0.0.1:${proxyPort};
${shippedLocation()}
  }
}
`,
  );
  const proxy = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(proxy);

  await waitFor(`http://127.0.0.1:${linerPort}/api/health`, liner, 'liner');
  await waitFor(`${proxyURL}/api/health`, proxy, 'nginx');
  say(`liner on :${linerPort} behind nginx on ${proxyURL}`);

  const journeys = spawnSync('npx', ['playwright', 'test', ...JOURNEYS, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: proxyURL, E2E_DATA_DIR: dataDir },
  });
  status = journeys.status ?? 1;
  if (status !== 0) say(`nginx's error log:\n${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
} finally {
  await stopAndWait();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
