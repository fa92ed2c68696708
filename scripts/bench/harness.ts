/**
 * What the benchmarks share: the generated catalogue, starting and stopping servers, load with
 * autocannon and one-at-a-time latency.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// 50, as the budgets measure; the mixed workload keeps one write per person in flight whatever the number.
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 400);

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

export function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

const children = new Set<ChildProcess>();
export function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function startServer(
  script: string,
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
}

export async function load(port: number, paths: () => string, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** One request at a time over a kept-alive connection: the latency a person sees. */
export async function sequentialLatency(
  port: number,
  paths: string[],
): Promise<{ p50: number; p95: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (p: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${p}: ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  const WARM_UP = 20;
  for (const p of paths.slice(0, WARM_UP)) await get(p);
  const times: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    // After the warm-up's paths: a list longer than the samples is measured without a repeat.
    const p = paths[(WARM_UP + i) % paths.length] ?? '/';
    const started = performance.now();
    await get(p);
    times.push(performance.now() - started);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export function random(n: number): () => number {
  let seed = n;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}
