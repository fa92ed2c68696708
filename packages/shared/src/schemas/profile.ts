import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';
import { AudienceSchema } from './audience.ts';

export const ProfileSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  bio: z.string(),
  pictureUrl: z.nullable(z.string()),
  /** null: an account from before the flag existed; 'Fix My Profile' sets it. */
  setupComplete: z.nullable(z.boolean()),
  followerCount: z.number(),
  followingCount: z.number(),
  createdAt: z.string(),
  /** Followers only: new follows are requests, and only approved followers see the content. */
  locked: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** A profile as one viewer sees it: how they stand to its owner (all false signed out). */
export const ProfileViewSchema = z.extend(ProfileSchema, {
  blockedByMe: z.boolean(),
  mutedByMe: z.boolean(),
  followRequested: z.boolean(),
  /** Posts, lists, diary, likes, collection and stats are readable by this viewer. */
  canSeeContent: z.boolean(),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

export const MyProfileSchema = z.extend(ProfileSchema, {
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** The audience new reviews, notes and lists start with. */
  defaultAudience: AudienceSchema,
});
export type MyProfile = z.infer<typeof MyProfileSchema>;

export const BIO_MAX = 500;

export const UpdateProfileBodySchema = z.object({
  displayName: z.optional(z.string()),
  bio: z.optional(z.string().check(maxChars(BIO_MAX, `Bio must be ${BIO_MAX} characters or less`))),
  /** Profile setup marks the profile complete; the edit dialog leaves the flag as it is. */
  completeSetup: z.optional(z.boolean()),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const MigrateProfileResultSchema = z.object({
  changed: z.boolean(),
  message: z.string(),
});
export type MigrateProfileResult = z.infer<typeof MigrateProfileResultSchema>;

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Account deletion (spec §7 Settings): the password when the account has one, and the word DELETE. */
export const DeleteAccountBodySchema = z.object({
  password: z.optional(z.string()),
  confirm: z.optional(z.string()),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

const exportRows = z.array(z.record(z.string(), z.unknown()));

/** "Download my data": the person's own rows, as stored (a JSON file). */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  user: z.optional(z.record(z.string(), z.unknown())),
  profile: z.optional(z.record(z.string(), z.unknown())),
  trackRatings: exportRows,
  albumRatings: exportRows,
  /** Album ratings the person set themselves (ADR 21). */
  chosenAlbumRatings: exportRows,
  collection: exportRows,
  rateLater: exportRows,
  /** What the person liked and the comments they wrote. */
  likes: exportRows,
  comments: exportRows,
  /** Their bell: who followed them, liked or commented on their posts and lists. */
  notifications: exportRows,
  posts: exportRows,
  following: exportRows,
  followers: exportRows,
  /** What the person did, as the activity feed shows it. */
  activities: exportRows,
  /** The listening diary, and the songs heard in its entries. */
  listens: exportRows,
  listenSongs: exportRows,
  /** The favourite albums shelf, by position. */
  favouriteAlbums: exportRows,
  /** The albums whose scores the person chose to see before rating them (spoiler-free scores). */
  scoreReveals: exportRows,
  /** The person's lists, each with its entries in order. */
  lists: exportRows,
  /** Their imports and each imported row's outcome. */
  imports: exportRows,
  importRows: exportRows,
});

/** One signed-in browser of the account (Settings, Sessions). */
export const AccountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** "Firefox on Windows", or "Unknown browser" when the browser did not say. */
  device: z.string(),
  signedInAt: z.string(),
  /** Refreshed at most once a day (the session's own update age), so it reads as a day. */
  lastActiveAt: z.string(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionListSchema = z.array(AccountSessionSchema);
