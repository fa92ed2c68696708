import * as z from 'zod/mini';

export const FollowStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number(),
  followingCount: z.number(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

export const UserSearchResultSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  profilePicture: z.nullable(z.string()),
  bio: z.string(),
  matchType: z.enum(['displayName', 'bio']),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;

export const UserSearchResponseSchema = z.object({ users: z.array(UserSearchResultSchema) });

export const UserSearchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'Enter something to search for'), z.maxLength(100)),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
});
