import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';

// Reports, the moderation queue and the audit log (ADR 42). Anyone signed in reports; the queue,
// its actions and the log are for admins only.

/** What can be reported: a review or note, a comment, a list, or a person's profile. */
export const REPORT_SUBJECT_TYPES = ['post', 'comment', 'list', 'user'] as const;
export const ReportSubjectTypeSchema = z.enum(REPORT_SUBJECT_TYPES);
export type ReportSubjectType = z.infer<typeof ReportSubjectTypeSchema>;

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS, { error: 'Report reason is required' });
export type ReportReason = z.infer<typeof ReportReasonSchema>;

/** The words the report dialog and the queue show for each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hateful content',
  sexual: 'Sexual content',
  other: 'Other',
};

export const REPORT_TEXT_MAX = 1000;
export const MODERATION_NOTE_MAX = 1000;
/** Reports one person may send in an hour; beyond that 429 with Retry-After. */
export const REPORTS_PER_HOUR = 20;
export const REPORT_QUEUE_PAGE_SIZE = 20;
export const AUDIT_LOG_PAGE_SIZE = 25;

export const ALREADY_REPORTED = 'You have already reported this';
export const REPORT_REASON_REQUIRED = 'Report reason is required';
export const REPORT_TEXT_TOO_LONG = `Report text must be ${REPORT_TEXT_MAX} characters or less`;
export const CANNOT_REPORT_SELF = 'You cannot report yourself or your own posts, comments or lists';
export const NO_OPEN_REPORTS = 'There are no open reports on this';
export const NOTE_TOO_LONG = `Note must be ${MODERATION_NOTE_MAX} characters or less`;

export const CreateReportBodySchema = z.object({
  subjectType: z.enum(REPORT_SUBJECT_TYPES, { error: 'subjectType must be post, comment, list or user' }),
  subjectId: z.string({ error: 'subjectId is required' }).check(z.minLength(1), z.maxLength(200)),
  reason: ReportReasonSchema,
  /** Optional words for the moderators; blank means none. */
  text: z.optional(
    z.string({ error: 'Report text must be text' }).check(z.trim(), maxChars(REPORT_TEXT_MAX, REPORT_TEXT_TOO_LONG)),
  ),
});
export type CreateReportBody = z.infer<typeof CreateReportBodySchema>;

/** What the reporter gets back: their report was received (nothing about anyone else's). */
export const ReportReceiptSchema = z.object({
  id: z.string(),
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string(),
  createdAt: z.string(),
});
export type ReportReceipt = z.infer<typeof ReportReceiptSchema>;

const PersonRefSchema = z.object({ userId: z.string(), displayName: z.string() });

/** The reported item as the queue shows it: its words, its author and where it lives. */
export const ReportedItemSchema = z.object({
  type: ReportSubjectTypeSchema,
  id: z.string(),
  /** False once the item was deleted (by its author or another way): only dismissing is left. */
  exists: z.boolean(),
  /** 'Review', 'Note', 'Comment', 'List' or 'Profile'. */
  kindLabel: z.string(),
  /** A post's or list's title, a profile's display name; null for a comment. */
  title: z.nullable(z.string()),
  /** A post's text, a comment, a list's description, a profile's bio. */
  text: z.nullable(z.string()),
  pictureUrl: z.nullable(z.string()),
  author: z.nullable(PersonRefSchema),
  /**
   * The page where it can be seen: the post, the list, or the profile (whose `id` is then the
   * display name); for a comment, the post or list it is on.
   */
  where: z.nullable(z.object({ type: z.enum(['post', 'list', 'profile']), id: z.string() })),
  /** For a comment: the title of what it is on. */
  context: z.nullable(z.string()),
});
export type ReportedItem = z.infer<typeof ReportedItemSchema>;

/** Every open report on one item is one entry of the queue. */
export const ReportGroupSchema = z.object({
  item: ReportedItemSchema,
  count: z.number(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  reports: z.array(
    z.object({
      id: z.string(),
      reporter: z.nullable(PersonRefSchema),
      reason: ReportReasonSchema,
      text: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ReportQueueSchema = z.object({
  groups: z.array(ReportGroupSchema),
  /** Items with open reports (entries of the whole queue, not only this page). */
  openItems: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

export const ReportQueueQuerySchema = z.object({ cursor: z.optional(z.string().check(z.maxLength(400))) });

export const ReportSubjectParamsSchema = z.object({
  subjectType: ReportSubjectTypeSchema,
  subjectId: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'suspend'] as const;
export const ModerationActionSchema = z.enum(MODERATION_ACTIONS, {
  error: 'action must be dismiss, remove or suspend',
});
export type ModerationAction = z.infer<typeof ModerationActionSchema>;

/** The admin's note is for the audit log; optional, trimmed, blank meaning none. */
const note = z.optional(
  z.string({ error: 'Note must be text' }).check(z.trim(), maxChars(MODERATION_NOTE_MAX, NOTE_TOO_LONG)),
);

export const ResolveReportsBodySchema = z.object({ action: ModerationActionSchema, note });
export type ResolveReportsBody = z.infer<typeof ResolveReportsBodySchema>;

export const ResolveReportsResultSchema = z.object({
  action: ModerationActionSchema,
  /** How many open reports this closed. */
  closed: z.number(),
});
export type ResolveReportsResult = z.infer<typeof ResolveReportsResultSchema>;

/** Every kind of admin action the log records. */
export const AUDIT_ACTIONS = [
  'dismiss_reports',
  'remove_content',
  'suspend_member',
  'unsuspend_member',
  'delete_member',
  'remove_post',
  'change_registration',
  'create_invite',
  'withdraw_invite',
  'create_playlist',
  'update_playlist',
  'delete_playlist',
  'block_domain',
  'unblock_domain',
  'silence_domain',
  'unsilence_domain',
  'silence_person',
  'unsilence_person',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  /** Who acted: their id while the account exists, and their name as it was when they acted. */
  actor: z.object({ userId: z.nullable(z.string()), displayName: z.string() }),
  action: AuditActionSchema,
  /** What it was done to, as it was named then (it may be gone now). */
  subject: z.nullable(z.object({ type: z.string(), id: z.string(), label: z.nullable(z.string()) })),
  /** Why: the admin's note. */
  note: z.nullable(z.string()),
  /** Facts of the action: a new registration mode, how many reports it closed. */
  detail: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

export const AuditLogQuerySchema = z.object({ cursor: z.optional(z.string().check(z.maxLength(200))) });

/** The report dialog's first refusal, in the server's words, before anything is sent. */
export function checkReport(
  reason: string | null,
  text: string,
): { ok: true; reason: ReportReason; text: string } | { ok: false; message: string } {
  const parsed = z.safeParse(z.object({ reason: ReportReasonSchema, text: CreateReportBodySchema.shape.text }), {
    reason: reason ?? undefined,
    text,
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? REPORT_REASON_REQUIRED };
  return { ok: true, reason: parsed.data.reason, text: parsed.data.text ?? '' };
}
