import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { accountRoutes } from './account.routes.ts';
import { csvExportRoutes } from './csv-export.routes.ts';

// The account module's public surface: a person's whole data as one (the JSON and CSV exports) and
// its deletion, which moves counts and totals through the modules that own them. It sits above
// them all, so none of them needs it.
export { AccountService } from './account.service.ts';
export { CsvExportService } from './csv-export.service.ts';

export function registerAccount(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Account', (api) => {
    accountRoutes(api, deps.account);
    csvExportRoutes(api, deps.csvExport);
  });
}
