import * as z from 'zod/mini';

export const FollowStateSchema = z.object({
  following: z.boolean(),
  /** A follow request to a locked profile is waiting for its owner. */
  requested: z.boolean(),
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

/** Someone in a list of people (followers, following). */
export const PersonSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  pictureUrl: z.nullable(z.string()),
});
export type Person = z.infer<typeof PersonSchema>;

/** A page of people, newest relation first; nextCursor fetches the next page. */
export const PeoplePageSchema = z.object({
  people: z.array(PersonSchema),
  nextCursor: z.nullable(z.string()),
});
export type PeoplePage = z.infer<typeof PeoplePageSchema>;

export const PEOPLE_PAGE_SIZE = 30;

export const PeopleQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
});
export type PeopleQuery = z.infer<typeof PeopleQuerySchema>;
