import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { profilesRoutes } from './profiles.routes.ts';

// Profiles' public surface: other modules import from here, never from its other files.
export { AccountProfiles } from './account-profiles.service.ts';
export { ownedPictureKey } from './picture.ts';
export type { ProfileRow } from './profiles.repository.ts';
export { ProfilesService } from './profiles.service.ts';

export function registerProfiles(app: FastifyInstance, deps: AppDeps): void {
  profilesRoutes(app, deps.profiles);
}
