import { describe, expect, it } from 'vitest';
import { sniffPictureFormat } from './square-image.ts';

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
