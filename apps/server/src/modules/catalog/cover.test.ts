import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COVER_VERSION, renderCover } from './cover.ts';

const album = { id: 'miles-davis-kind-of-blue', title: 'Kind of Blue', artistName: 'Miles Davis' };
const ids = Array.from({ length: 200 }, (_, i) => `album-${i}`);

/** Every opened element is closed in order: the SVG is well-formed XML. */
function tagsBalance(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, , selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) {
      open.push(name ?? '');
    }
  }
  return open.length === 0;
}

describe('generated covers', () => {
  it('are the same for the same id, whatever the title and artist', () => {
    expect(renderCover(album)).toEqual(renderCover({ ...album }));
    expect(renderCover({ ...album, title: 'Kind of Green', artistName: 'M. Davis' })).toEqual(renderCover(album));
  });

  it('differ between ids, in their ETag too', () => {
    const covers = ids.map((id) => renderCover({ ...album, id }));
    expect(new Set(covers.map((cover) => cover.svg)).size).toBe(ids.length);
    expect(new Set(covers.map((cover) => cover.etag)).size).toBe(ids.length);
    expect(covers[0]?.etag).toMatch(new RegExp(`^"c${COVER_VERSION}-[\\w-]+"$`));
  });

  it('vary their composition, not only their colours', () => {
    // The sequence of element names is the composition's skeleton, with colours and sizes left out.
    const skeleton = (svg: string) => [...svg.matchAll(/<([a-zA-Z]+)/g)].map((match) => match[1]).join(' ');
    const shapes = new Set(ids.map((id) => skeleton(renderCover({ ...album, id }).svg)));
    expect(shapes.size).toBeGreaterThan(30);
  });

  it('hold no text: the card prints the title and artist', () => {
    for (const id of ids.slice(0, 50)) {
      const { svg } = renderCover({ ...album, id });
      expect(svg).not.toMatch(/<(text|tspan|title|desc)\b/);
      expect(svg).not.toContain('Kind of Blue');
      expect(svg).not.toContain('Miles Davis');
    }
  });

  it('are well-formed 600×600 SVG that renders as an image', async () => {
    for (const id of ids.slice(0, 30)) {
      const { svg } = renderCover({ ...album, id });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"'), id).toBe(true);
      expect(svg.endsWith('</svg>'), id).toBe(true);
      expect(tagsBalance(svg), id).toBe(true);
      expect(svg, id).not.toMatch(/NaN|undefined|Infinity/);
    }
    const png = await sharp(Buffer.from(renderCover(album).svg))
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(600);
  });
});
