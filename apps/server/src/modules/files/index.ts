import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { filesRoutes } from './files.routes.ts';

// Stored files (pictures, covers) served from our origin.
export function registerFiles(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Files', (api) => {
    filesRoutes(api, deps.files);
  });
}
