import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { SessionCopies } from '../../auth/redis-storage.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { AccountService } from '../account/index.ts';
import type { AuditLogService } from '../audit/index.ts';
import { communityRoutes } from './community.routes.ts';
import type { MembersService } from './members.service.ts';
import type { RegistrationService } from './registration.service.ts';

// Operating a community (ADR 30): the registration mode and invitations (also read by
// Better Auth's hooks), the members list and suspension.
export { MembersService } from './members.service.ts';
export { type InviteHold, RegistrationService } from './registration.service.ts';

/** What the members service needs to suspend and delete members. */
export interface MembersNeeds {
  /** An admin's deletion of an account is the same removal as the person's own. */
  account: Pick<AccountService, 'deleteAsModerator'>;
  /** Each suspension and deletion is written to the audit log in its own transaction. */
  auditLog: Pick<AuditLogService, 'record'>;
  /** A suspended member's Redis copies of their sessions are dropped with the database's. */
  sessionCopies: Pick<SessionCopies, 'forgetUser'>;
}

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
