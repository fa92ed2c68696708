import { describe, expect, it } from 'vitest';
import { remoteHtmlToText, safeRemoteHtml } from './remote-html.ts';

describe('remote HTML', () => {
  it('keeps what Mastodon renders and drops scripts, handlers, styles and unsafe links', () => {
    const html =
      '<p>Loved <strong>OK Computer</strong> <a href="https://example.social/tags/music" class="hashtag" onclick="x()">#music</a></p>' +
      '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><p style="color:red">end</p>';
    expect(safeRemoteHtml(html)).toBe(
      '<p>Loved <strong>OK Computer</strong> <a href="https://example.social/tags/music" rel="nofollow noopener noreferrer ugc" target="_blank">#music</a></p>' +
        '<a rel="nofollow noopener noreferrer ugc" target="_blank">bad</a><p>end</p>',
    );
  });

  it('turns a bio into plain text with its line breaks and entities decoded', () => {
    expect(remoteHtmlToText('<p>Jazz &amp; more<br>since 1999</p><p>&lt;3 <script>no()</script>vinyl</p>')).toBe(
      'Jazz & more\nsince 1999\n\n<3 vinyl',
    );
  });
});
