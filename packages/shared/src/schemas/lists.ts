import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';

/** Lists of albums or songs: the limits, in the words both sides show. */
export const LIST_TITLE_MAX = 100;
export const LIST_DESCRIPTION_MAX = 2000;
export const LIST_ENTRIES_MAX = 500;
export const LIST_NOTE_MAX = 500;
export const LISTS_PAGE_SIZE = 20;

export const LIST_TITLE_REQUIRED = 'List title is required';
export const LIST_TITLE_TOO_LONG = `List title must be ${LIST_TITLE_MAX} characters or less`;
export const LIST_DESCRIPTION_TOO_LONG = `List description must be ${LIST_DESCRIPTION_MAX} characters or less`;
export const LIST_FULL = `A list can hold at most ${LIST_ENTRIES_MAX} entries`;
export const LIST_NOTE_TOO_LONG = `Note must be ${LIST_NOTE_MAX} characters or less`;
export const ALBUM_ALREADY_IN_LIST = 'This album is already in the list';
export const SONG_ALREADY_IN_LIST = 'This song is already in the list';
export const ALBUM_LIST_TAKES_ALBUMS = 'An album list takes only albums';
export const SONG_LIST_TAKES_SONGS = 'A song list takes only songs';
export const CHOOSE_ALBUM_OR_SONG = 'Choose an album or a song';
export const NOT_YOUR_LIST = 'You can only change your own lists';
export const LIST_NOT_FOUND = 'List not found';
export const REORDER_NOT_A_PERMUTATION = 'The new order must name every entry of the list exactly once';

export const ListKindSchema = z.enum(['album', 'song']);
export type ListKind = z.infer<typeof ListKindSchema>;
/**
 * Public and unlisted lists are readable by anyone with the address (only public ones are listed
 * in public places); followers-only and only-me lists narrow who reads them (ADR 41).
 */
export const ListVisibilitySchema = z.enum(['public', 'unlisted', 'followers', 'private']);
export type ListVisibility = z.infer<typeof ListVisibilitySchema>;

/** A list as cards show it: no entries, up to four covers. */
export const ListSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  userDisplayName: z.string(),
  title: z.string(),
  description: z.string(),
  kind: ListKindSchema,
  ranked: z.boolean(),
  visibility: ListVisibilitySchema,
  entriesCount: z.number(),
  likesCount: z.number(),
  commentsCount: z.number(),
  /** The first entries' covers, in list order. */
  covers: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListSummary = z.infer<typeof ListSummarySchema>;

/** One entry: an album, or a song with its album. `itemId` names it in the entry routes. */
export const ListEntrySchema = z.object({
  itemId: z.string(),
  position: z.number(),
  album: z.object({ id: z.string(), name: z.string(), artistName: z.string(), imageUrl: z.string() }),
  song: z.nullable(z.object({ id: z.string(), title: z.string() })),
  note: z.string(),
});
export type ListEntry = z.infer<typeof ListEntrySchema>;

export const ListSchema = z.extend(ListSummarySchema, {
  entries: z.array(ListEntrySchema),
  /** Whether the viewer liked it (false for visitors). */
  likedByMe: z.boolean(),
});
export type List = z.infer<typeof ListSchema>;

export const ListPageSchema = z.object({
  lists: z.array(ListSummarySchema),
  nextCursor: z.nullable(z.string()),
});
export type ListPage = z.infer<typeof ListPageSchema>;

const title = z
  .string({ error: LIST_TITLE_REQUIRED })
  .check(z.trim(), z.minLength(1, LIST_TITLE_REQUIRED), maxChars(LIST_TITLE_MAX, LIST_TITLE_TOO_LONG));
const description = z
  .string({ error: LIST_DESCRIPTION_TOO_LONG })
  .check(z.trim(), maxChars(LIST_DESCRIPTION_MAX, LIST_DESCRIPTION_TOO_LONG));
/** Album ids for an album list, song (track) ids for a song list. */
const itemIds = z.array(z.string().check(z.maxLength(200))).check(z.maxLength(LIST_ENTRIES_MAX, LIST_FULL));

export const CreateListBodySchema = z.object({
  title,
  description: z.optional(description),
  kind: ListKindSchema,
  ranked: z.optional(z.boolean()),
  visibility: z.optional(ListVisibilitySchema),
  /** Entries to start with, in order (the sorter's "Save as list"). */
  itemIds: z.optional(itemIds),
});
export type CreateListBody = z.infer<typeof CreateListBodySchema>;

export const NOTHING_TO_CHANGE_IN_LIST = 'Nothing to change';
export const UpdateListBodySchema = z
  .object({
    title: z.optional(title),
    description: z.optional(description),
    ranked: z.optional(z.boolean()),
    visibility: z.optional(ListVisibilitySchema),
  })
  .check(
    z.refine(
      (body) =>
        body.title !== undefined ||
        body.description !== undefined ||
        body.ranked !== undefined ||
        body.visibility !== undefined,
      NOTHING_TO_CHANGE_IN_LIST,
    ),
  );
export type UpdateListBody = z.infer<typeof UpdateListBodySchema>;

const id = z.string().check(z.maxLength(200));
export const AddListEntryBodySchema = z
  .object({ albumId: z.optional(id), trackId: z.optional(id) })
  .check(z.refine((body) => (body.albumId === undefined) !== (body.trackId === undefined), CHOOSE_ALBUM_OR_SONG));
export type AddListEntryBody = z.infer<typeof AddListEntryBodySchema>;

export const SetListEntryNoteBodySchema = z.object({
  note: z.string({ error: LIST_NOTE_TOO_LONG }).check(z.trim(), maxChars(LIST_NOTE_MAX, LIST_NOTE_TOO_LONG)),
});

export const ReorderListBodySchema = z.object({ itemIds });
export type ReorderListBody = z.infer<typeof ReorderListBodySchema>;

export const ListParamsSchema = z.object({ listId: z.string() });
export const ListEntryParamsSchema = z.object({ listId: z.string(), itemId: z.string() });

const page = {
  cursor: z.optional(z.string().check(z.maxLength(300))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
};
export const ListsPageQuerySchema = z.object(page);
export const PublicListsQuerySchema = z.object({ sort: z.optional(z.enum(['recent', 'popular'])), ...page });
export type PublicListsQuery = z.infer<typeof PublicListsQuerySchema>;

/** The form's first refusal (the dialog shows it as the server would). */
export function checkListFields(input: { title: string; description: string }): string | null {
  const result = z.safeParse(z.object({ title, description }), input);
  return result.success ? null : (result.error.issues[0]?.message ?? LIST_TITLE_REQUIRED);
}
