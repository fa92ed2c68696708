import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { type ImportWorker, registerImportWorker } from './import-worker.ts';
import { importsRoutes } from './imports.routes.ts';

// Imports of one's history from other services: other modules and the CLI import from here only.
export { ImportFormatError, parsers } from './formats/index.ts';
export { ImportWorker } from './import-worker.ts';
export { ImportsService } from './imports.service.ts';
export { parseOffThread } from './parse-off-thread.ts';

export function registerImports(app: FastifyInstance, deps: AppDeps, worker: ImportWorker): void {
  moduleRoutes(app, 'Imports', (api) => {
    importsRoutes(api, deps.imports, worker);
  });
  registerImportWorker(app, worker);
}
