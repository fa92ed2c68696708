import { describe, expect, it } from 'vitest';
import { escapeXml, renderCover, wrapText } from './cover.ts';

describe('generated covers', () => {
  const album = { id: 'a-1', title: 'Kind of Blue', artistName: 'Miles Davis' };

  it('are deterministic per album and differ between albums', () => {
    expect(renderCover(album)).toEqual(renderCover({ ...album }));
    const other = renderCover({ ...album, id: 'a-2' });
    expect(other.svg).not.toBe(renderCover(album).svg);
    expect(other.etag).not.toBe(renderCover(album).etag);
    // A renamed album gets a new ETag.
    expect(renderCover({ ...album, title: 'Kind of Green' }).etag).not.toBe(renderCover(album).etag);
  });

  it('are 600×600 SVG with the title and artist', () => {
    const { svg } = renderCover(album);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"')).toBe(true);
    expect(svg).toContain('>Kind of Blue</tspan>');
    expect(svg).toContain('>Miles Davis</text>');
  });

  it('escape markup and drop characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('bell\u0007 tab\t')).toBe('bell tab\t');
    const { svg } = renderCover({ id: 'x', title: '</text><script>alert(1)</script>', artistName: '"&' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toContain('&quot;&amp;');
  });
});

describe('wrapText', () => {
  it('wraps at word boundaries', () => {
    expect(wrapText('The Dark Side of the Moon', 18, 3)).toEqual(['The Dark Side of', 'the Moon']);
  });

  it('ends with an ellipsis when lines run out or a word is too long', () => {
    expect(wrapText('one two three four five six seven', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapText('Supercalifragilisticexpialidocious', 10, 3)).toEqual(['Supercali…']);
  });
});
