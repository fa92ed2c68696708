import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { accountRoutes } from './account.routes.ts';

// The account's public surface: export and deletion of a user's data.
export { AccountService } from './account.service.ts';

export function registerAccount(app: FastifyInstance, deps: AppDeps): void {
  accountRoutes(app, deps.account);
}
