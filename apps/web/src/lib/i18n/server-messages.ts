import {
  ACCOUNT_SUSPENDED,
  ALBUM_ALREADY_IN_LIST,
  ALBUM_LIST_TAKES_ALBUMS,
  ALREADY_LIKED,
  ALREADY_REPORTED,
  CANNOT_FOLLOW,
  CANNOT_MODERATE_ADMIN,
  CANNOT_MODERATE_SELF,
  CANNOT_REPORT_SELF,
  CHOOSE_ALBUM_OR_SONG,
  DISPLAY_NAME_MAX,
  DISPLAY_NAME_TAKEN,
  DOMAIN_INVALID,
  FAVOURITE_ALBUMS_MAX,
  FAVOURITES_DUPLICATE,
  FAVOURITES_TOO_MANY,
  FEDIVERSE_HANDLE_INVALID,
  IMPORT_EMPTY,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NO_FILE,
  IMPORT_NOT_FOUND,
  IMPORT_ROW_NOT_FOUND,
  IMPORT_ROW_NOT_OPEN,
  IMPORT_RUNNING,
  IMPORT_SOURCE_REQUIRED,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
  INVALID_PLAYLIST_LINK,
  INVITE_ALREADY_USED,
  INVITE_INVALID,
  INVITE_NOT_FOUND,
  INVITE_REQUIRED,
  INVITE_REQUIRED_FOR_GOOGLE,
  LIST_DESCRIPTION_MAX,
  LIST_DESCRIPTION_TOO_LONG,
  LIST_ENTRIES_MAX,
  LIST_FULL,
  LIST_NOT_FOUND,
  LIST_NOTE_MAX,
  LIST_NOTE_TOO_LONG,
  LIST_TITLE_MAX,
  LIST_TITLE_REQUIRED,
  LIST_TITLE_TOO_LONG,
  LISTEN_BEFORE_1900,
  LISTEN_DATE_MALFORMED,
  LISTEN_IN_FUTURE,
  LISTEN_NOT_FOUND,
  LISTEN_NOT_OWN,
  LISTENS_PER_ALBUM_DAY_MAX,
  LISTENS_PER_ALBUM_DAY_MESSAGE,
  MIN_PASSWORD_LENGTH,
  MODERATION_NOTE_MAX,
  NO_OPEN_REPORTS,
  NOT_LIKED,
  NOT_YOUR_LIST,
  NOTE_TOO_LONG,
  NOTHING_TO_CHANGE,
  ONLY_REVIEWS_RATED,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PLAYLIST_ALREADY_FEATURED,
  PLAYLIST_LINK_REQUIRED,
  PLAYLIST_NOT_FOUND,
  PLAYLIST_TITLE_EMPTY,
  PLAYLIST_TITLE_UNAVAILABLE,
  PROFILE_PRIVATE,
  PROFILE_UNAVAILABLE,
  REGISTRATION_CLOSED,
  REORDER_NOT_A_PERMUTATION,
  REPORT_REASON_REQUIRED,
  REPORT_TEXT_MAX,
  REPORT_TEXT_TOO_LONG,
  REVIEW_TITLE_FIXED,
  SONG_ALREADY_IN_LIST,
  SONG_LIST_TAKES_SONGS,
  TOO_MANY_INVITES,
  YEAR_AND_DECADE,
} from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { intlLocale } from './i18n.ts';

/**
 * The server's refusals a person meets, keyed by the server's own English: the API keeps one
 * language for its clients (ADR 56), and a page in another language shows the same refusal in its
 * own words. Messages from @liner/shared are keyed by their constants; `server-messages.test.ts`
 * checks every such constant is here and each entry reads exactly its key in English. This module
 * comes in the translated languages' chunk, never on an English page.
 */
export function serverMessages(): Map<string, string> {
  // The server writes four-digit limits bare ("2000 characters") and larger numbers grouped ("50,000 rows").
  const number = (value: number) => new Intl.NumberFormat(intlLocale()).format(value);
  const nameMax = DISPLAY_NAME_MAX;
  const min = MIN_PASSWORD_LENGTH;
  const titleMax = LIST_TITLE_MAX;
  const descriptionMax = LIST_DESCRIPTION_MAX;
  const entriesMax = LIST_ENTRIES_MAX;
  const listNoteMax = LIST_NOTE_MAX;
  const max = REPORT_TEXT_MAX;
  const moderationNoteMax = MODERATION_NOTE_MAX;
  const favouritesMax = FAVOURITE_ALBUMS_MAX;
  const listensMax = LISTENS_PER_ALBUM_DAY_MAX;
  const megabytes = IMPORT_MAX_BYTES / 1024 / 1024;
  const rows = number(IMPORT_MAX_ROWS);
  return new Map([
    // Accounts and sign-up.
    [ACCOUNT_SUSPENDED, t`This account has been suspended.`],
    [REGISTRATION_CLOSED, t`New accounts are not being accepted on this site right now.`],
    [INVITE_REQUIRED, t`Joining this site needs an invitation. Enter the code from your invitation link.`],
    [
      INVITE_REQUIRED_FOR_GOOGLE,
      t`Joining this site needs an invitation: sign up with your e-mail address and the invitation code.`,
    ],
    [INVITE_INVALID, t`This invitation is not valid: it may have been used, withdrawn or have expired.`],
    [INVITE_ALREADY_USED, t`This invitation has already been used.`],
    [INVITE_NOT_FOUND, t`Invitation not found`],
    [TOO_MANY_INVITES, t`There are already 100 unused invitations. Withdraw some before making more.`],
    [PASSWORD_TOO_SHORT, t`Password must be at least ${min} characters`],
    [PASSWORD_TOO_COMMON, t`That password is too common. Please choose a less common one.`],
    ['Incorrect password', t`Incorrect password`],
    ['Enter your password to delete your account', t`Enter your password to delete your account`],
    ['This session has already ended', t`This session has already ended`],
    // Profiles and people.
    ['Display name cannot be empty', t`Display name cannot be empty`],
    ['Please enter a display name', t`Please enter a display name`],
    [
      `Display name must be ${DISPLAY_NAME_MAX} characters or less`,
      t`Display name must be ${nameMax} characters or less`,
    ],
    ['Display name cannot contain invisible characters', t`Display name cannot contain invisible characters`],
    [
      'Display name can only contain letters, numbers, spaces, dots, hyphens and underscores',
      t`Display name can only contain letters, numbers, spaces, dots, hyphens and underscores`,
    ],
    [DISPLAY_NAME_TAKEN, t`That display name is already taken. Please choose another.`],
    ['User not found', t`User not found`],
    [PROFILE_UNAVAILABLE, t`This profile is not available`],
    [PROFILE_PRIVATE, t`Only approved followers can see this`],
    [CANNOT_FOLLOW, t`You cannot follow this person`],
    ['Already following this user', t`Already following this user`],
    ['Users cannot follow themselves', t`Users cannot follow themselves`],
    ['You are not following this user', t`You are not following this user`],
    [FAVOURITES_TOO_MANY, t`You can choose up to ${favouritesMax} favourite albums`],
    [FAVOURITES_DUPLICATE, t`Each favourite album can appear only once`],
    ['Picture must be an image file', t`Picture must be an image file`],
    ['Picture must be a JPEG, PNG, WebP or AVIF image', t`Picture must be a JPEG, PNG, WebP or AVIF image`],
    ['Picture must be 5 MB or smaller', t`Picture must be 5 MB or smaller`],
    // Music, the library and listens.
    ['Album not found', t`Album not found`],
    ['Song not found', t`Song not found`],
    ['Track not found', t`Track not found`],
    ['Artist not found', t`Artist not found`],
    ['This album is already in your collection', t`This album is already in your collection`],
    ['This album is not in your Rate Later list', t`This album is not in your Rate Later list`],
    [
      'Please rate at least one song before adding to collection',
      t`Please rate at least one song before adding to collection`,
    ],
    [LISTEN_DATE_MALFORMED, t`Enter a date as YYYY-MM-DD`],
    [LISTEN_IN_FUTURE, t`A listen cannot be in the future`],
    [LISTEN_BEFORE_1900, t`A listen cannot be before 1900`],
    [LISTENS_PER_ALBUM_DAY_MESSAGE, t`You can log at most ${listensMax} listens of an album on one day`],
    [LISTEN_NOT_OWN, t`You can only change your own listens`],
    [LISTEN_NOT_FOUND, t`Listen not found`],
    [YEAR_AND_DECADE, t`Choose a year or a decade, not both`],
    // Posts, comments and likes.
    ['Post not found', t`Post not found`],
    ['Comment not found', t`Comment not found`],
    ['Content is required', t`Content is required`],
    ['Content must be 2000 characters or less', t`Content must be 2000 characters or less`],
    ['You can only edit your own posts', t`You can only edit your own posts`],
    ['You can only delete your own posts', t`You can only delete your own posts`],
    ['You can only edit your own comments', t`You can only edit your own comments`],
    [
      'You can only delete your own comments or comments on your posts',
      t`You can only delete your own comments or comments on your posts`,
    ],
    [ONLY_REVIEWS_RATED, t`Only reviews have a rating`],
    [REVIEW_TITLE_FIXED, t`A review is titled by its album`],
    [NOTHING_TO_CHANGE, t`Nothing to change`],
    [ALREADY_LIKED, t`You have already liked this`],
    [NOT_LIKED, t`You have not liked this`],
    // Lists.
    [LIST_TITLE_REQUIRED, t`List title is required`],
    [LIST_TITLE_TOO_LONG, t`List title must be ${titleMax} characters or less`],
    [LIST_DESCRIPTION_TOO_LONG, t`List description must be ${descriptionMax} characters or less`],
    [LIST_FULL, t`A list can hold at most ${entriesMax} entries`],
    [LIST_NOTE_TOO_LONG, t`Note must be ${listNoteMax} characters or less`],
    [ALBUM_ALREADY_IN_LIST, t`This album is already in the list`],
    [SONG_ALREADY_IN_LIST, t`This song is already in the list`],
    [ALBUM_LIST_TAKES_ALBUMS, t`An album list takes only albums`],
    [SONG_LIST_TAKES_SONGS, t`A song list takes only songs`],
    [CHOOSE_ALBUM_OR_SONG, t`Choose an album or a song`],
    [NOT_YOUR_LIST, t`You can only change your own lists`],
    [LIST_NOT_FOUND, t`List not found`],
    ['This entry is not in the list', t`This entry is not in the list`],
    [REORDER_NOT_A_PERMUTATION, t`The new order must name every entry of the list exactly once`],
    // Reports and moderation.
    [ALREADY_REPORTED, t`You have already reported this`],
    [REPORT_REASON_REQUIRED, t`Report reason is required`],
    [REPORT_TEXT_TOO_LONG, t`Report text must be ${max} characters or less`],
    [CANNOT_REPORT_SELF, t`You cannot report yourself or your own posts, comments or lists`],
    [NO_OPEN_REPORTS, t`There are no open reports on this`],
    [
      'These reports were handled by someone else a moment ago',
      t`These reports were handled by someone else a moment ago`,
    ],
    [NOTE_TOO_LONG, t`Note must be ${moderationNoteMax} characters or less`],
    [CANNOT_MODERATE_SELF, t`You cannot suspend or delete your own account from the dashboard.`],
    [CANNOT_MODERATE_ADMIN, t`Admins cannot be suspended or deleted. Remove their admin role first.`],
    // Featured playlists.
    [PLAYLIST_LINK_REQUIRED, t`Please enter a Spotify playlist URL`],
    [INVALID_PLAYLIST_LINK, t`Invalid Spotify playlist URL format`],
    [PLAYLIST_ALREADY_FEATURED, t`This playlist is already featured`],
    [PLAYLIST_NOT_FOUND, t`Playlist not found`],
    [PLAYLIST_TITLE_EMPTY, t`Title cannot be empty`],
    [
      PLAYLIST_TITLE_UNAVAILABLE,
      t`Couldn't get the playlist's name from Spotify. Please enter a Custom Title and try again.`,
    ],
    // Imports.
    [IMPORT_TOO_LARGE, t`The file is larger than ${megabytes} MB`],
    [IMPORT_TOO_MANY_ROWS, t`The file has more than ${rows} rows to import`],
    [IMPORT_NO_FILE, t`Choose a file to import`],
    [IMPORT_EMPTY, t`The file has nothing to import`],
    [IMPORT_SOURCE_REQUIRED, t`Choose what the file is: RateYourMusic, ListenBrainz or Last.fm`],
    [IMPORT_RUNNING, t`You already have an import running. Wait for it to finish before starting another.`],
    [IMPORT_NOT_FOUND, t`Import not found`],
    [IMPORT_ROW_NOT_FOUND, t`Row not found`],
    [IMPORT_ROW_NOT_OPEN, t`This row is already resolved`],
    // The fediverse.
    [FEDIVERSE_HANDLE_INVALID, t`Enter an address like @name@example.social`],
    [DOMAIN_INVALID, t`Enter a server name like example.social`],
    ['This server is blocked here', t`This server is blocked here`],
    ['That server is not blocked', t`That server is not blocked`],
    // Busy or briefly away.
    [
      'Too many failed login attempts. Please try again later.',
      t`Too many failed login attempts. Please try again later.`,
    ],
    [
      'Too many e-mails asked for this address. Please try again later.',
      t`Too many e-mails asked for this address. Please try again later.`,
    ],
    [
      'Too many pictures are being processed. Please try again in a few seconds.',
      t`Too many pictures are being processed. Please try again in a few seconds.`,
    ],
    [
      'The server is restarting. Please try again in a moment.',
      t`The server is restarting. Please try again in a moment.`,
    ],
    ['The database is busy. Please try again shortly.', t`The database is busy. Please try again shortly.`],
    [
      'File storage is unavailable. Please try again shortly.',
      t`File storage is unavailable. Please try again shortly.`,
    ],
  ]);
}

/** The rate limit's refusal names its wait: "Too many requests. Please try again in 12 seconds." */
const RATE_LIMITED = /^Too many requests\. Please try again in (\d+) seconds?\.$/;

let known: Map<string, string> | undefined;

/** `message`, as the server wrote it, in the page's language; unknown words stay as they came. */
export function translateServerMessage(message: string): string {
  known ??= serverMessages();
  const translated = known.get(message);
  if (translated !== undefined) return translated;
  const wait = RATE_LIMITED.exec(message);
  if (wait) {
    const seconds = Number(wait[1]);
    return plural(seconds, {
      one: 'Too many requests. Please try again in # second.',
      other: 'Too many requests. Please try again in # seconds.',
    });
  }
  return message;
}
