import { describe, expect, it } from 'vitest';
import { htmlOfText, starsText } from './text-html.ts';

describe('text for other servers', () => {
  it('escapes text and keeps its paragraphs and line breaks', () => {
    expect(htmlOfText('Loved it <3 & more\nagain\n\n"Second"')).toBe(
      '<p>Loved it &lt;3 &amp; more<br>again</p><p>&quot;Second&quot;</p>',
    );
  });

  it('writes half stars as ★ and ½ with the number', () => {
    expect(starsText(45)).toBe('★★★★½ (4.5/5)');
    expect(starsText(50)).toBe('★★★★★ (5/5)');
    expect(starsText(5)).toBe('½ (0.5/5)');
  });
});
