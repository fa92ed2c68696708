import { describe, expect, it } from 'vitest';
import { ownedPictureKey, pictureKey } from './picture.ts';

describe('ownedPictureKey', () => {
  const id = 'uXEETKY9vIJPOPKZ';

  it('gives back the key of a picture the server stored for this user', () => {
    const key = pictureKey(id, '0123456789abcdef0123');
    expect(ownedPictureKey(id, `/api/files/${key}`)).toBe(`avatars/${id}/0123456789abcdef0123.webp`);
  });

  it.each([
    ['another user’s picture', '/api/files/avatars/someoneElse/0123456789abcdef0123.webp'],
    ['a user whose id starts like this one', `/api/files/avatars/${id}x/0123456789abcdef0123.webp`],
    ['a path out of the uploads folder', '/api/files/../auth-secret'],
    ['a path out of the user’s folder', `/api/files/avatars/${id}/../../covers/a.webp`],
    ['a nested path', `/api/files/avatars/${id}/deeper/0123.webp`],
    ['an album cover', '/api/files/covers/album-0123.webp'],
    ['another kind of file', `/api/files/avatars/${id}/0123.svg`],
    ['an outside address', 'https://example.com/avatars/a.webp'],
    ['no picture', null],
  ])('refuses %s', (_what, url) => {
    expect(ownedPictureKey(id, url)).toBeNull();
  });

  it('refuses everything for an id with nothing left after sanitising', () => {
    expect(ownedPictureKey('--', '/api/files/avatars//0123.webp')).toBeNull();
  });
});
