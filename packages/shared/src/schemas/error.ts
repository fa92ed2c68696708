import * as z from 'zod/mini';

/**
 * Every error the API answers has this one shape (DESIGN.md, API). Generic codes name the HTTP
 * status; domain codes name what went wrong where a client may act on it, with the same status
 * as the generic code they refine (DOMAIN_ERROR_STATUS).
 */
export const GENERIC_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export const DOMAIN_ERROR_STATUS = {
  ALBUM_NOT_FOUND: 404,
  ARTIST_NOT_FOUND: 404,
  TRACK_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  POST_NOT_FOUND: 404,
  COMMENT_NOT_FOUND: 404,
  PLAYLIST_NOT_FOUND: 404,
  LIST_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  NOT_IN_COLLECTION: 404,
  NOT_IN_RATE_LATER: 404,
  ALREADY_IN_COLLECTION: 409,
  ALREADY_FOLLOWING: 409,
  NOT_FOLLOWING: 409,
  ALREADY_LIKED: 409,
  NOT_LIKED: 409,
  DISPLAY_NAME_TAKEN: 409,
  PLAYLIST_ALREADY_FEATURED: 409,
  ALREADY_IN_LIST: 409,
  /** Either of the two has blocked the other (ADR 41). */
  PROFILE_UNAVAILABLE: 404,
  /** A locked profile's content, to someone who is not an approved follower. */
  PROFILE_PRIVATE: 403,
} as const;
export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS;

export const ErrorCodeSchema = z.enum([
  ...GENERIC_ERROR_CODES,
  ...(Object.keys(DOMAIN_ERROR_STATUS) as DomainErrorCode[]),
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
    }),
  })
  // A named component of the API reference (/api/docs): every error answer points at it.
  .register(z.globalRegistry, {
    id: 'ApiError',
    description: 'Every error answer. `message` is written to be shown to people; `code` is stable for programs.',
  });
export type ApiError = z.infer<typeof ApiErrorSchema>;
