import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { filesRoutes } from './files.routes.ts';

// Stored files (pictures, covers) served from our origin.
export function registerFiles(app: FastifyInstance, deps: AppDeps): void {
  filesRoutes(app, deps.files);
}
