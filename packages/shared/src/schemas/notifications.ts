import * as z from 'zod/mini';
import { SubjectTypeSchema } from './reactions.ts';
import { PersonSchema } from './social.ts';

export const NotificationKindSchema = z.enum([
  'followed',
  'liked',
  'commented',
  /** Someone asks to follow your locked profile. */
  'follow_requested',
  /** The owner of a locked profile approved your request. */
  'follow_accepted',
  /** A moderator handled something you reported (who, and what they did, are not said). */
  'report_handled',
]);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/**
 * Someone followed you, liked or commented on your post or list. `subject` names what
 * was liked or commented on, with what the bell needs to link to it.
 */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: NotificationKindSchema,
  /** Who did it; null for a handled report, whose moderator stays anonymous. */
  actor: z.nullable(PersonSchema),
  subject: z.nullable(
    z.object({
      type: SubjectTypeSchema,
      id: z.string(),
      title: z.string(),
      /** Whose post or list it is (its author or owner). */
      ownerDisplayName: z.string(),
    }),
  ),
  /** The start of the comment, for 'commented'. */
  excerpt: z.nullable(z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number() });

/** Marks read every notification up to this moment (the newest the bell showed), or all of them. */
export const MarkReadBodySchema = z.object({
  upTo: z.optional(z.string().check(z.maxLength(40))),
});
