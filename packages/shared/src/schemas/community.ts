import * as z from 'zod/mini';
import { PostTypeSchema } from './posts.ts';

// Operating a community: who may join, the members list, suspension and moderation.
// Every route but GET /api/registration is for admins only.

/** Who may create an account: anyone, holders of an invitation, or nobody (ADR 30). */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export const RegistrationModeSchema = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof RegistrationModeSchema>;

export const REGISTRATION_CLOSED = 'New accounts are not being accepted on this site right now.';
export const INVITE_REQUIRED = 'Joining this site needs an invitation. Enter the code from your invitation link.';
export const INVITE_INVALID = 'This invitation is not valid: it may have been used, withdrawn or have expired.';
export const INVITE_REQUIRED_FOR_GOOGLE =
  'Joining this site needs an invitation: sign up with your e-mail address and the invitation code.';
export const ACCOUNT_SUSPENDED = 'This account has been suspended.';
export const CANNOT_MODERATE_SELF = 'You cannot suspend or delete your own account from the dashboard.';
export const CANNOT_MODERATE_ADMIN = 'Admins cannot be suspended or deleted. Remove their admin role first.';
export const INVITE_NOT_FOUND = 'Invitation not found';
export const INVITE_ALREADY_USED = 'This invitation has already been used.';
export const TOO_MANY_INVITES = 'There are already 100 unused invitations. Withdraw some before making more.';

/** At most this many unused, unexpired invitations at once. */
export const OPEN_INVITES_MAX = 100;
export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 30;
export const INVITE_CODE_MAX = 64;
export const MEMBERS_PAGE_SIZE = 25;
export const MODERATION_POSTS_PAGE_SIZE = 20;
export const MEMBER_QUERY_MAX = 100;

/** What the sign-up page needs to know before anyone fills it in. */
export const RegistrationSchema = z.object({ mode: RegistrationModeSchema });
export type Registration = z.infer<typeof RegistrationSchema>;

export const InviteSchema = z.object({
  code: z.string(),
  /** The create-account page with the code filled in, on this site's public address. */
  url: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.nullable(z.object({ id: z.string(), displayName: z.string() })),
  /** Who joined with it, once used. */
  usedBy: z.nullable(z.object({ id: z.string(), displayName: z.string() })),
  usedAt: z.nullable(z.string()),
});
export type Invite = z.infer<typeof InviteSchema>;

export const RegistrationSettingsSchema = z.object({
  mode: RegistrationModeSchema,
  /** REGISTRATION in the environment: the mode until an admin chooses one here. */
  configuredMode: RegistrationModeSchema,
  /** When an admin chose the mode, or null while the environment's applies. */
  changedAt: z.nullable(z.string()),
  /** Newest first: unused ones, then the 50 most recently used or expired. */
  invites: z.array(InviteSchema),
});
export type RegistrationSettings = z.infer<typeof RegistrationSettingsSchema>;

export const UpdateRegistrationBodySchema = z.object({ mode: RegistrationModeSchema });
export type UpdateRegistrationBody = z.infer<typeof UpdateRegistrationBodySchema>;

export const CreateInviteBodySchema = z.object({
  /** Whole days until it expires: 1 to 30, 7 when absent. */
  expiresInDays: z.optional(
    z
      .int()
      .check(
        z.minimum(1, 'An invitation lasts at least 1 day'),
        z.maximum(INVITE_DAYS_MAX, `An invitation lasts at most ${INVITE_DAYS_MAX} days`),
      ),
  ),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBodySchema>;

export const InviteParamsSchema = z.object({ code: z.string() });

/** Suspending takes no options: send an empty JSON object ({}). */
export const SuspendMemberBodySchema = z.object({});

export const MemberStatusSchema = z.enum(['all', 'suspended']);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;

/** One account as the members list shows it to admins. */
export const MemberSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  joinedAt: z.string(),
  suspendedAt: z.nullable(z.string()),
  postCount: z.number(),
  ratingCount: z.number(),
});
export type Member = z.infer<typeof MemberSchema>;

export const MembersQuerySchema = z.object({
  /** Part of a display name or e-mail address. */
  q: z.optional(
    z.string().check(z.maxLength(MEMBER_QUERY_MAX, `Search must be ${MEMBER_QUERY_MAX} characters or less`)),
  ),
  status: z.optional(MemberStatusSchema),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type MembersQuery = z.infer<typeof MembersQuerySchema>;

export const MemberPageSchema = z.object({
  members: z.array(MemberSchema),
  nextCursor: z.nullable(z.string()),
  /** Sign-ups at a glance, whatever the filter. */
  totals: z.object({
    members: z.number(),
    joinedLast7Days: z.number(),
    joinedLast30Days: z.number(),
    suspended: z.number(),
  }),
});
export type MemberPage = z.infer<typeof MemberPageSchema>;

export const ModerationPostsQuerySchema = z.object({
  type: z.optional(PostTypeSchema),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
