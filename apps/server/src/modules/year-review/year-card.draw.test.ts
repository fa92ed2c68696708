import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawYearCard, markupText } from './year-card.draw.ts';

const input = {
  displayName: 'ana',
  year: 2026,
  albumsRated: 12,
  songsRated: 140,
  listens: 3100,
  topArtist: 'Miles Davis',
  topSong: { title: 'So What', artistName: 'Miles Davis' },
  host: 'liner.example',
  covers: [] as Buffer[],
};

describe('a year card drawing', () => {
  it("reads a title's markup characters as text, and drops control characters", () => {
    expect(markupText('Simon & <b>Garfunkel</b>\u0007')).toBe('Simon &amp; &lt;b&gt;Garfunkel&lt;/b&gt; ');
  });

  it('is exactly its size whatever it is given: markup, a very long name, no covers, zeros', async () => {
    const hostile = {
      ...input,
      displayName: `<span foreground="red">${'x'.repeat(400)}</span> & co`,
      topSong: { title: 'A'.repeat(2000), artistName: '</span><b>' },
      albumsRated: 0,
      songsRated: 0,
      listens: 0,
    };
    for (const [size, width, height] of [
      ['wide', 1200, 630],
      ['story', 1080, 1920],
    ] as const) {
      const png = await drawYearCard(hostile, size);
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width, height });
    }
  });

  it('draws a cover it cannot read as no cover, rather than failing the card', async () => {
    const png = await drawYearCard({ ...input, covers: [Buffer.from('not a picture')] }, 'wide').catch(
      (error: unknown) => error,
    );
    expect(Buffer.isBuffer(png)).toBe(true);
  });
});
