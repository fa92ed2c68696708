import * as z from 'zod/mini';

/**
 * Who may read a review, note or list (ADR 41): everyone, the owner's followers, or the owner
 * alone. A locked profile narrows 'public' to its followers too.
 */
export const AudienceSchema = z.enum(['public', 'followers', 'private']);
export type Audience = z.infer<typeof AudienceSchema>;

/** A profile (or its content) between two people either of whom blocked the other. */
export const PROFILE_UNAVAILABLE = 'This profile is not available';
/** A locked profile's content, to someone who is not an approved follower. */
export const PROFILE_PRIVATE = 'Only approved followers can see this';
