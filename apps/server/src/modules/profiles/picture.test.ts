import { describe, expect, it } from 'vitest';
import { ownedPictureKey, pictureKey, sniffPictureFormat } from './picture.ts';

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

describe('sniffPictureFormat', () => {
  const pad = (head: string | number[]) =>
    Buffer.concat([typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head), Buffer.alloc(16)]);

  it.each([
    ['jpeg', pad([0xff, 0xd8, 0xff, 0xe0])],
    ['png', pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['webp', pad('RIFF\x10\0\0\0WEBPVP8 ')],
    ['avif', pad('\0\0\0\x1cftypavif\0\0\0\0mif1miaf')],
    ['avif', pad('\0\0\0\x1cftypmif1\0\0\0\0avifmiaf')],
  ])('recognises %s by its first bytes', (format, bytes) => {
    expect(sniffPictureFormat(bytes)).toBe(format);
  });

  it.each([
    ['GIF', pad('GIF89a')],
    ['TIFF', pad('II*\0')],
    ['HEIC', pad('\0\0\0\x18ftypheic\0\0\0\0mif1heic')],
    ['SVG', pad('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a short file', Buffer.from([0xff, 0xd8, 0xff])],
  ])('does not take %s for a picture', (_what, bytes) => {
    expect(sniffPictureFormat(bytes)).toBeNull();
  });
});
