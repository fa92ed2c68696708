import {
  BlockStateSchema,
  FollowRequestOutcomeSchema,
  MuteStateSchema,
  MyProfileSchema,
  PeoplePageSchema,
  PeopleQuerySchema,
  PrivacySettingsSchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { FollowsService } from './follows.service.ts';
import type { SafetyService } from './safety.service.ts';

export function safetyRoutes(app: ApiApp, safety: SafetyService, follows: FollowsService): void {
  const user = { access: 'user' as const };

  app.put(
    '/api/users/:userId/block',
    {
      config: user,
      schema: {
        summary: 'Block someone: ends follows both ways; they can no longer follow you or see your content',
        params: UserParamsSchema,
        response: { 200: BlockStateSchema },
      },
    },
    async (request) => safety.block(userOf(request), request.params.userId),
  );

  app.delete(
    '/api/users/:userId/block',
    {
      config: user,
      schema: { summary: 'Unblock someone', params: UserParamsSchema, response: { 200: BlockStateSchema } },
    },
    async (request) => safety.unblock(userOf(request), request.params.userId),
  );

  app.get(
    '/api/users/me/blocks',
    {
      config: user,
      schema: {
        summary: 'The people you blocked, newest first',
        querystring: PeopleQuerySchema,
        response: { 200: PeoplePageSchema },
      },
    },
    async (request) => safety.blocked(userOf(request), request.query),
  );

  app.put(
    '/api/users/:userId/mute',
    {
      config: user,
      schema: {
        summary: 'Mute someone: they leave your feed, notifications and comment threads, unaware',
        params: UserParamsSchema,
        response: { 200: MuteStateSchema },
      },
    },
    async (request) => safety.mute(userOf(request), request.params.userId),
  );

  app.delete(
    '/api/users/:userId/mute',
    {
      config: user,
      schema: { summary: 'Unmute someone', params: UserParamsSchema, response: { 200: MuteStateSchema } },
    },
    async (request) => safety.unmute(userOf(request), request.params.userId),
  );

  app.get(
    '/api/users/me/mutes',
    {
      config: user,
      schema: {
        summary: 'The people you muted, newest first',
        querystring: PeopleQuerySchema,
        response: { 200: PeoplePageSchema },
      },
    },
    async (request) => safety.muted(userOf(request), request.query),
  );

  app.put(
    '/api/users/me/privacy',
    {
      config: user,
      schema: {
        summary: 'Lock or unlock your profile, and choose who sees new posts and lists by default',
        description: 'Unlocking approves every waiting follow request.',
        body: PrivacySettingsSchema,
        response: { 200: MyProfileSchema },
      },
    },
    async (request) => safety.setPrivacy(userOf(request), request.body),
  );

  app.get(
    '/api/users/me/follow-requests',
    {
      config: user,
      schema: {
        summary: 'Who asked to follow your locked profile, oldest first',
        querystring: PeopleQuerySchema,
        response: { 200: PeoplePageSchema },
      },
    },
    async (request) => follows.requests(userOf(request), request.query),
  );

  app.post(
    '/api/users/me/follow-requests/:userId/approve',
    {
      config: user,
      schema: {
        summary: 'Approve a follow request: they follow you and are told',
        params: UserParamsSchema,
        response: { 200: FollowRequestOutcomeSchema },
      },
    },
    async (request) => follows.approve(userOf(request), request.params.userId),
  );

  app.post(
    '/api/users/me/follow-requests/:userId/decline',
    {
      config: user,
      schema: {
        summary: 'Decline a follow request (nobody is told)',
        params: UserParamsSchema,
        response: { 200: FollowRequestOutcomeSchema },
      },
    },
    async (request) => follows.decline(userOf(request), request.params.userId),
  );
}
