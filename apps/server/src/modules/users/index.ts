import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { CatalogService } from '../catalog/index.ts';
import { favouritesRoutes } from './favourites.routes.ts';
import { profilesRoutes } from './profiles.routes.ts';
import type { ProfilesService } from './profiles.service.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { usersSearchRoutes } from './users-search.routes.ts';

// The users module's public surface (profiles, pictures, favourite albums, people search, signed-in
// sessions): other modules import from here, never from its other files.
export { AccountProfiles } from './account-profiles.service.ts';
export { FavouritesService } from './favourites.service.ts';
export { ownedPictureKey } from './picture.ts';
export { ProfilesService } from './profiles.service.ts';
export { SessionsService } from './sessions.service.ts';
export { UsersSearchService } from './users-search.service.ts';

export interface FavouritesNeeds {
  /** Only albums the catalogue has are chosen. */
  catalog: Pick<CatalogService, 'findAlbum'>;
  /** A profile's favourites are hidden by a block or a locked profile. */
  profiles: Pick<ProfilesService, 'mustShowContentTo'>;
}

export function registerUsers(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Users', (api) => {
    usersSearchRoutes(api, deps.usersSearch);
    profilesRoutes(api, deps.profiles);
    favouritesRoutes(api, deps.favourites);
    sessionsRoutes(api, deps.sessions);
  });
}
