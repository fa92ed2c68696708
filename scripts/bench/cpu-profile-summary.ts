import { readFileSync } from 'node:fs';

/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time by function and by package,
 * so a per-request cost can be named before it is optimised. Used by profile.ts.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: { name: string; ms: number; share: number }[];
  byPackage: { name: string; ms: number; share: number }[];
}

/** node_modules/<pkg> (with its scope), the project's own file, or a V8/Node category. */
function packageOf(url: string): string {
  if (!url) return '(native or idle)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const src = url.indexOf('/src/');
  return src >= 0 ? `liner ${url.slice(src + 1)}` : url;
}

export function summarizeCpuProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    total += us;
    const pkg = packageOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${pkg}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: total ? us / total : 0 }));
  return { totalMs: total / 1000, byFunction: rank(functions), byPackage: rank(packages) };
}
