import path from 'node:path';

/**
 * Node's arguments for the server and the CLI as `npm start` and `npm run cli` run them: the bundle
 * in apps/server/dist (ADR 28). Process tests start these rather than the TypeScript, which tsx
 * would transform and load again in every child. test/global-setup-bundle.ts builds the bundle when
 * it is missing or older than the source. Source maps, so that a child's stack trace names the
 * TypeScript files.
 */
const dist = path.resolve(import.meta.dirname, '../../dist');

export const SERVER_ENTRY: readonly string[] = ['--enable-source-maps', path.join(dist, 'main.js')];
export const CLI_ENTRY: readonly string[] = ['--enable-source-maps', path.join(dist, 'cli.js')];
