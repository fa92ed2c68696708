import type { MyProfile } from '@liner/shared';
import { type FetchCall, jsonResponse } from './fetch-double.ts';

/** The signed-in member's own profile as GET /api/users/me/profile answers, with overrides. */
export function makeMyProfile(overrides: Partial<MyProfile> = {}): MyProfile {
  return {
    userId: 'u1',
    displayName: 'ana',
    bio: 'Jazz first.',
    pictureUrl: null,
    setupComplete: true,
    followerCount: 0,
    followingCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    email: 'ana@example.com',
    role: 'user',
    locked: false,
    defaultAudience: 'public',
    ...overrides,
  };
}

/** Answers the own-profile request every form with a 'Who can see this' picker makes; else undefined. */
export function answerMyProfile(call: FetchCall, overrides: Partial<MyProfile> = {}): Response | undefined {
  if (call.method === 'GET' && call.path === '/api/users/me/profile') return jsonResponse(makeMyProfile(overrides));
  return undefined;
}
