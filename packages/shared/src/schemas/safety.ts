import * as z from 'zod/mini';
import { AudienceSchema } from './audience.ts';

/** Whether you have blocked someone (PUT and DELETE /api/users/:userId/block answer with it). */
export const BlockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof BlockStateSchema>;

/** Whether you have muted someone: they leave your feed, bell and comment threads, unaware. */
export const MuteStateSchema = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof MuteStateSchema>;

/** A locked profile turns new follows into requests; new reviews, notes and lists start with the default audience. */
export const PrivacySettingsSchema = z.object({
  locked: z.boolean(),
  defaultAudience: AudienceSchema,
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

export const FollowRequestOutcomeSchema = z.object({
  userId: z.string(),
  outcome: z.enum(['approved', 'declined']),
});
export type FollowRequestOutcome = z.infer<typeof FollowRequestOutcomeSchema>;

/** Following, or asking to, across a block either way. */
export const CANNOT_FOLLOW = 'You cannot follow this person';
/** Follow requests a member may send in an hour (each one notifies someone). */
export const FOLLOW_REQUESTS_PER_HOUR = 30;
