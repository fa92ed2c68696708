import { describe, expect, it } from 'vitest';
import { charCount } from './characters.ts';
import { POST_CONTENT_MAX, POST_TITLE_MAX, REVIEW_MAX } from './constants.ts';
import { checkDisplayName, DISPLAY_NAME_MAX } from './display-name.ts';
import { AddToCollectionBodySchema } from './schemas/library.ts';
import { CreateFeaturedPlaylistBodySchema, PLAYLIST_DESCRIPTION_MAX, PLAYLIST_TITLE_MAX } from './schemas/playlists.ts';
import { checkNote } from './schemas/posts.ts';
import { BIO_MAX, UpdateProfileBodySchema } from './schemas/profile.ts';

const EMOJI = '🎵'; // one code point, two UTF-16 units
const ACCENTED = 'e\u0301'; // two code points: a letter and a combining accent

describe('charCount', () => {
  it('counts code points: an emoji is one, a combining accent is its own', () => {
    expect(charCount(EMOJI.repeat(3))).toBe(3);
    expect(EMOJI.repeat(3).length).toBe(6);
    expect(charCount(ACCENTED)).toBe(2);
    expect(charCount('')).toBe(0);
  });
});

describe('every limit counts characters the same way', () => {
  it('review: 2000 emoji pass, 2001 do not; 1000 decomposed accents are 2000 characters', () => {
    const ok = AddToCollectionBodySchema.safeParse({ albumId: 'a', review: EMOJI.repeat(REVIEW_MAX) });
    expect(ok.success).toBe(true);
    const over = AddToCollectionBodySchema.safeParse({ albumId: 'a', review: EMOJI.repeat(REVIEW_MAX + 1) });
    expect(over.error?.issues[0]?.message).toBe(`Review must be ${REVIEW_MAX} characters or less`);
    expect(AddToCollectionBodySchema.safeParse({ albumId: 'a', review: ACCENTED.repeat(REVIEW_MAX / 2) }).success).toBe(
      true,
    );
    expect(
      AddToCollectionBodySchema.safeParse({ albumId: 'a', review: `${ACCENTED.repeat(REVIEW_MAX / 2)}x` }).success,
    ).toBe(false);
  });

  it('note title and content', () => {
    expect(checkNote({ title: EMOJI.repeat(POST_TITLE_MAX), content: EMOJI.repeat(POST_CONTENT_MAX) }).ok).toBe(true);
    expect(checkNote({ title: EMOJI.repeat(POST_TITLE_MAX + 1), content: 'x' })).toEqual({
      ok: false,
      message: `Title must be ${POST_TITLE_MAX} characters or less`,
    });
    expect(checkNote({ title: 'x', content: EMOJI.repeat(POST_CONTENT_MAX + 1) })).toEqual({
      ok: false,
      message: `Content must be ${POST_CONTENT_MAX} characters or less`,
    });
  });

  it('bio', () => {
    expect(UpdateProfileBodySchema.safeParse({ bio: EMOJI.repeat(BIO_MAX) }).success).toBe(true);
    expect(UpdateProfileBodySchema.safeParse({ bio: EMOJI.repeat(BIO_MAX + 1) }).success).toBe(false);
  });

  it('display name (letters outside the BMP count once)', () => {
    const script = '\u{1D49C}'; // MATHEMATICAL SCRIPT CAPITAL A, a letter of two UTF-16 units
    expect(checkDisplayName(script.repeat(DISPLAY_NAME_MAX)).ok).toBe(true);
    expect(checkDisplayName(script.repeat(DISPLAY_NAME_MAX + 1)).ok).toBe(false);
  });

  it('playlist title and description', () => {
    const body = (title: string, description: string) =>
      CreateFeaturedPlaylistBodySchema.safeParse({ spotifyUrl: 'x', title, description });
    expect(body(EMOJI.repeat(PLAYLIST_TITLE_MAX), EMOJI.repeat(PLAYLIST_DESCRIPTION_MAX)).success).toBe(true);
    expect(body(EMOJI.repeat(PLAYLIST_TITLE_MAX + 1), '').success).toBe(false);
    expect(body('', EMOJI.repeat(PLAYLIST_DESCRIPTION_MAX + 1)).success).toBe(false);
  });
});
