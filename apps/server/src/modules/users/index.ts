import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { accountRoutes } from './account.routes.ts';
import { csvExportRoutes } from './csv-export.routes.ts';
import { favouritesRoutes } from './favourites.routes.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { usersSearchRoutes } from './users-search.routes.ts';

// The users module's public surface (profiles, the account's export and deletion, people search):
// other modules import from here, never from its other files.
export { AccountService } from './account.service.ts';
export { AccountProfiles } from './account-profiles.service.ts';
export { CsvExportService } from './csv-export.service.ts';
export { FavouritesService } from './favourites.service.ts';
export { ProfilesService } from './profiles.service.ts';
export { SessionsService } from './sessions.service.ts';
export { UsersSearchService } from './users-search.service.ts';

export function registerUsers(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Users', (api) => {
    usersSearchRoutes(api, deps.usersSearch);
    profilesRoutes(api, deps.profiles);
    favouritesRoutes(api, deps.favourites);
    accountRoutes(api, deps.account);
    csvExportRoutes(api, deps.csvExport);
    sessionsRoutes(api, deps.sessions);
  });
}
