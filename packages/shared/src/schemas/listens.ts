import * as z from 'zod/mini';
import { AlbumSummarySchema } from './catalog.ts';
import { NOTHING_TO_CHANGE } from './posts.ts';

/*
 * The listening diary: a listen is one album heard on one day, perhaps again. Dates
 * are calendar days ('YYYY-MM-DD'), not moments: "today" is the day in UTC, on both sides.
 */

export const LISTEN_DATE_MALFORMED = 'Enter a date as YYYY-MM-DD';
export const LISTEN_IN_FUTURE = 'A listen cannot be in the future';
export const LISTEN_BEFORE_1900 = 'A listen cannot be before 1900';
export const LISTEN_FIRST_DAY = '1900-01-01';
/** Enough for a day spent with one record; a client looping on the button is refused. */
export const LISTENS_PER_ALBUM_DAY_MAX = 20;
export const LISTENS_PER_ALBUM_DAY_MESSAGE = `You can log at most ${LISTENS_PER_ALBUM_DAY_MAX} listens of an album on one day`;
export const LISTEN_NOT_OWN = 'You can only change your own listens';
export const LISTEN_NOT_FOUND = 'Listen not found';
export const DIARY_PAGE_SIZE = 30;

/** Today's calendar day in UTC, 'YYYY-MM-DD'. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A real calendar day written as 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Why a well-formed day cannot be a listen's, or null when it can: one rule for the form and the server. */
export function listenDateProblem(day: string, today: string = todayUtc()): string | null {
  if (!isCalendarDate(day)) return LISTEN_DATE_MALFORMED;
  if (day > today) return LISTEN_IN_FUTURE;
  if (day < LISTEN_FIRST_DAY) return LISTEN_BEFORE_1900;
  return null;
}

const ListenDateSchema = z
  .string({ error: LISTEN_DATE_MALFORMED })
  .check(z.maxLength(10, LISTEN_DATE_MALFORMED), z.refine(isCalendarDate, LISTEN_DATE_MALFORMED));
const relistenMessage = 'Relisten must be true or false';

export const LogListenBodySchema = z.object({
  /** Defaults to today (UTC). */
  listenedOn: z.optional(ListenDateSchema),
  relisten: z.optional(z.boolean({ error: relistenMessage })),
});
export type LogListenBody = z.infer<typeof LogListenBodySchema>;

export const UpdateListenBodySchema = z
  .object({
    listenedOn: z.optional(ListenDateSchema),
    relisten: z.optional(z.boolean({ error: relistenMessage })),
  })
  .check(z.refine((body) => body.listenedOn !== undefined || body.relisten !== undefined, NOTHING_TO_CHANGE));
export type UpdateListenBody = z.infer<typeof UpdateListenBodySchema>;

export const ListenParamsSchema = z.object({ listenId: z.string() });

export const ListenSchema = z.object({
  id: z.string(),
  userId: z.string(),
  albumId: z.string(),
  listenedOn: z.string(),
  relisten: z.boolean(),
  createdAt: z.string(),
});
export type Listen = z.infer<typeof ListenSchema>;
export const ListenListSchema = z.array(ListenSchema);

/** A song of the album heard in a diary entry, as the track list names it. */
export const DiarySongSchema = z.object({ id: z.string(), name: z.string(), position: z.number() });
export type DiarySong = z.infer<typeof DiarySongSchema>;

/**
 * A diary row: the listen, its album's card, the person's album rating (stars) if they have one,
 * and the songs heard, in track-list order, when known (an imported scrobble names its song).
 */
export const DiaryEntrySchema = z.extend(ListenSchema, {
  album: AlbumSummarySchema,
  rating: z.nullable(z.number()),
  songs: z.array(DiarySongSchema),
});
export type DiaryEntry = z.infer<typeof DiaryEntrySchema>;

export const DiaryPageSchema = z.object({
  entries: z.array(DiaryEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type DiaryPage = z.infer<typeof DiaryPageSchema>;

export const DiaryQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
