import {
  CreateInviteBodySchema,
  InviteParamsSchema,
  InviteSchema,
  MemberPageSchema,
  MemberSchema,
  MembersQuerySchema,
  NoContentSchema,
  RegistrationSchema,
  RegistrationSettingsSchema,
  SuspendMemberBodySchema,
  UpdateRegistrationBodySchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { CommunityServices } from './index.ts';

/** Operating a community: who may join, and its members. Admins only but the first. */
export function communityRoutes(app: ApiApp, { registration, members, log }: CommunityServices): void {
  app.get(
    '/api/registration',
    {
      schema: {
        summary: 'Whether new accounts are open to all, by invitation, or closed',
        response: { 200: RegistrationSchema },
      },
    },
    async () => ({ mode: await registration.refresh() }),
  );

  app.get(
    '/api/admin/registration',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The registration mode and the invitations',
        response: { 200: RegistrationSettingsSchema },
      },
    },
    async () => registration.settings(),
  );

  app.put(
    '/api/admin/registration',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Open registration, make it by invitation, or close it',
        body: UpdateRegistrationBodySchema,
        response: { 200: RegistrationSettingsSchema },
      },
    },
    async (request) => {
      const admin = userOf(request);
      const settings = await registration.setMode(admin, request.body.mode);
      log.info({ adminId: admin.id, mode: request.body.mode }, 'admin changed the registration mode');
      return settings;
    },
  );

  app.post(
    '/api/admin/invites',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Make a single-use invitation link',
        body: CreateInviteBodySchema,
        response: { 201: InviteSchema },
      },
    },
    async (request, reply) => {
      const admin = userOf(request);
      return reply.status(201).send(await registration.createInvite(admin, request.body.expiresInDays));
    },
  );

  app.delete(
    '/api/admin/invites/:code',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Withdraw an invitation nobody has used',
        params: InviteParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      const admin = userOf(request);
      await registration.withdrawInvite(admin, request.params.code);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/members',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Accounts, newest first, with sign-up totals',
        querystring: MembersQuerySchema,
        response: { 200: MemberPageSchema },
      },
    },
    async (request) => {
      return members.list(request.query);
    },
  );

  app.put(
    '/api/admin/members/:userId/suspension',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Suspend an account: its sessions end and it cannot sign in',
        params: UserParamsSchema,
        body: SuspendMemberBodySchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) => {
      const admin = userOf(request);
      const member = await members.suspend(admin, request.params.userId);
      log.info({ adminId: admin.id, userId: member.id }, 'admin suspended an account');
      return member;
    },
  );

  app.delete(
    '/api/admin/members/:userId/suspension',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Lift a suspension',
        params: UserParamsSchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) => {
      const admin = userOf(request);
      const member = await members.unsuspend(admin, request.params.userId);
      log.info({ adminId: admin.id, userId: member.id }, 'admin lifted a suspension');
      return member;
    },
  );

  app.delete(
    '/api/admin/members/:userId',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Delete an account and everything it owns',
        params: UserParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      const admin = userOf(request);
      await members.delete(admin, request.params.userId);
      log.info({ adminId: admin.id, userId: request.params.userId }, 'admin deleted an account');
      return reply.status(204).send(null);
    },
  );
}
