// `node scripts/build-server.mjs [outdir]`: bundles the server into apps/server/dist (ADR 28), main.js
// for `npm start`, cli.js for `npm run cli` and import-parse-worker.js for imports' worker thread. Our code and packages/shared are bundled; every other
// package stays in node_modules and is imported from there at run time.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/dist'));

/**
 * @liner/shared exports TypeScript source, which Node does not run from node_modules: it goes into the bundle.
 * @type {import('esbuild').Plugin}
 */
const bundleSharedPackage = {
  name: 'bundle-liner-shared',
  setup(build) {
    build.onResolve({ filter: /^@liner\/shared$/ }, () => ({ path: path.join(root, 'packages/shared/src/index.ts') }));
  },
};

const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    cli: 'apps/server/src/cli/main.ts',
    // Imports parse uploaded files on a worker thread (modules/imports/parse-off-thread.ts).
    'import-parse-worker': 'apps/server/src/modules/imports/parse-worker.ts',
  },
  outdir,
  bundle: true,
  // Chunks keep the CLI's dynamic imports lazy: Better Auth loads only for the commands that need it.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  packages: 'external',
  plugins: [bundleSharedPackage],
  // Stack traces name the TypeScript files (`node --enable-source-maps`); the sources stay out of the maps.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

// Chunk names carry a content hash: those of earlier builds are left behind unless removed.
const outputs = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
const chunks = path.join(outdir, 'chunks');
for (const name of readdirSync(chunks)) {
  if (!outputs.has(path.join(chunks, name))) rmSync(path.join(chunks, name));
}
console.log(
  `server built into ${path.relative(root, outdir)} (${outputs.size} files) in ${Math.round(performance.now() - started)} ms`,
);
