import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// STYLE.md habit 1: imports flow one way, shared (lib, components) → features → app, and a
// feature never imports another feature. This test is the check, so a reviewer need not be.
const src = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of every file, as paths under src/ ("features/albums/api/rate-track.ts"). */
function imports(): { from: string; to: string }[] {
  return sourceFiles(src).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/(?:from |import )'(\.[^']+)'/g)].map((m) => ({
      from: path.relative(src, file),
      to: path.relative(src, path.resolve(path.dirname(file), m[1] as string)),
    }));
  });
}

const layer = (p: string) => p.split(path.sep)[0];
const feature = (p: string) => (layer(p) === 'features' ? p.split(path.sep)[1] : null);

describe('import boundaries', () => {
  const all = imports();

  it('finds the imports it checks', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('no feature imports another feature', () => {
    const crossing = all.filter((i) => feature(i.from) && feature(i.to) && feature(i.from) !== feature(i.to));
    expect(crossing).toEqual([]);
  });

  it('lib/ and components/ import no feature and nothing from app/', () => {
    const upward = all.filter(
      (i) =>
        ['lib', 'components'].includes(layer(i.from) ?? '') &&
        !i.from.endsWith('.test.ts') &&
        !i.from.endsWith('.test.tsx') &&
        ['features', 'app'].includes(layer(i.to) ?? ''),
    );
    expect(upward).toEqual([]);
  });

  it('features import nothing from app/', () => {
    expect(all.filter((i) => layer(i.from) === 'features' && layer(i.to) === 'app')).toEqual([]);
  });
});
