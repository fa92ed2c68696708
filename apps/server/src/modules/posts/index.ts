import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { postsRoutes } from './posts.routes.ts';

// Posts' public surface (notes and reviews): other modules import from here only.
export { PostsService } from './posts.service.ts';

export function registerPosts(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Posts', (api) => {
    postsRoutes(api, deps.posts);
  });
}
