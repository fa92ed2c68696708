import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Files of public/ that the shell needs without a connection. */
const PUBLIC_SHELL = [
  '/',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/default-avatar.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];

/**
 * Writes /sw.js (ADR 54): service-worker/sw.js with, above it, the build's version and the shell
 * to keep: the page, the public files above, and the code and styles the home page needs. Other
 * pages' code is kept as it is first loaded.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'liner:service-worker',
    apply: 'build',
    // Once the files are written (a chunk that ends up empty, a stylesheet's, is gone by then): a
    // shell naming a missing file would fail the worker's whole install. Before precompress
    // (closeBundle), which compresses sw.js with the rest.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const built = shellFiles(bundle).filter((file) => existsSync(path.join(outDir, file)));
      const files = [...PUBLIC_SHELL, ...built];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const worker = await readFile(path.join(import.meta.dirname, '..', 'service-worker', 'sw.js'), 'utf8');
      await writeFile(
        path.join(outDir, 'sw.js'),
        `const VERSION = '${version}';\nconst SHELL = ${JSON.stringify(files)};\n${worker}`,
      );
    },
  };
}

/**
 * The entry chunk and the chunks it loads first (the home page, the routes' table), each with what
 * it imports statically and their CSS, as /paths.
 */
function shellFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    files.add(`/${chunk.fileName}`);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) files.add(`/${file}`);
    for (const imported of chunk.imports) visit(byName.get(imported));
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  for (const chunk of entries) visit(chunk);
  // What the entry loads first of all (the home page, the table of the other routes), so the app
  // opened without a connection paints its first page rather than waiting for it.
  for (const chunk of entries) for (const lazy of chunk.dynamicImports) visit(byName.get(lazy));
  return [...files].sort();
}
