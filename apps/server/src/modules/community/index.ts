import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { communityRoutes } from './community.routes.ts';
import type { MembersService } from './members.service.ts';
import type { RegistrationService } from './registration.service.ts';

// Operating a community (ADR 30): the registration mode and invitations (also read by
// Better Auth's hooks), the members list and suspension.
export { MembersService } from './members.service.ts';
export { type InviteHold, RegistrationService } from './registration.service.ts';

export interface CommunityServices {
  registration: RegistrationService;
  members: MembersService;
  log: FastifyInstance['log'];
}

export function registerCommunity(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Community', (api) => {
    communityRoutes(api, {
      registration: deps.registration,
      members: deps.members,
      log: app.log,
    });
  });
}
