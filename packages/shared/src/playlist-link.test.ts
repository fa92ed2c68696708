import { describe, expect, it } from 'vitest';
import { INVALID_PLAYLIST_LINK, PLAYLIST_LINK_REQUIRED, parsePlaylistLink, playlistWebUrl } from './playlist-link.ts';

const ID = '37i9dQZF1DXcBWIGoYBM5M';

describe('parsePlaylistLink', () => {
  it.each([
    ['a bare id', ID],
    ['a bare id with spaces around', `  ${ID}\n`],
    ['the URI form', `spotify:playlist:${ID}`],
    ['the old URI form with an owner', `spotify:user:spotify:playlist:${ID}`],
    ['a web link', `https://open.spotify.com/playlist/${ID}`],
    ['a web link with a share query', `https://open.spotify.com/playlist/${ID}?si=a1b2c3d4e5f6&pi=u-xyz`],
    ['a web link with a fragment', `https://open.spotify.com/playlist/${ID}#top`],
    ['a web link with a trailing slash', `https://open.spotify.com/playlist/${ID}/`],
    ['an http link', `http://open.spotify.com/playlist/${ID}`],
    ['a link without protocol', `open.spotify.com/playlist/${ID}?si=abc`],
    ['a market segment', `https://open.spotify.com/intl-de/playlist/${ID}`],
    ['a market segment with a region', `https://open.spotify.com/intl-pt-BR/playlist/${ID}?si=x`],
    ['a market segment without protocol', `open.spotify.com/intl-ja/playlist/${ID}`],
    ['an embed link', `https://open.spotify.com/embed/playlist/${ID}?utm_source=generator`],
    ['an old owner link', `https://open.spotify.com/user/someone/playlist/${ID}`],
    ['the old player host', `https://play.spotify.com/playlist/${ID}`],
    ['an upper-case host', `HTTPS://OPEN.SPOTIFY.COM/playlist/${ID}`],
  ])('reads the id from %s', (_name, input) => {
    expect(parsePlaylistLink(input)).toEqual({ ok: true, id: ID, url: playlistWebUrl(ID) });
  });

  it('keeps the letter case of the id (Spotify ids are case-sensitive)', () => {
    expect(parsePlaylistLink('AbCdEfGhIjKlMnOpQrStUv')).toMatchObject({ id: 'AbCdEfGhIjKlMnOpQrStUv' });
  });

  it('accepts ids of 10 to 40 letters and digits', () => {
    expect(parsePlaylistLink('a'.repeat(10)).ok).toBe(true);
    expect(parsePlaylistLink('a'.repeat(40)).ok).toBe(true);
    expect(parsePlaylistLink('a'.repeat(9))).toEqual({ ok: false, message: INVALID_PLAYLIST_LINK });
    expect(parsePlaylistLink('a'.repeat(41))).toEqual({ ok: false, message: INVALID_PLAYLIST_LINK });
  });

  it('asks for a link when there is none', () => {
    for (const blank of ['', '   ', '\t\n', undefined, null, 42]) {
      expect(parsePlaylistLink(blank)).toEqual({ ok: false, message: PLAYLIST_LINK_REQUIRED });
    }
  });

  it.each([
    ['an album link', `https://open.spotify.com/album/${ID}`],
    ['a track URI', `spotify:track:${ID}`],
    ['an artist URI', `spotify:artist:${ID}`],
    ['a URI without id', 'spotify:playlist:'],
    ['a URI with a short id', 'spotify:playlist:abc'],
    ['another host', `https://evil.example.com/playlist/${ID}`],
    ['a look-alike host', `https://open.spotify.com.evil.example/playlist/${ID}`],
    ['credentials in the link', `https://user:pass@open.spotify.com/playlist/${ID}`],
    ['an odd port', `https://open.spotify.com:8443/playlist/${ID}`],
    ['a link to the playlist list', 'https://open.spotify.com/playlist/'],
    ['extra path after the id', `https://open.spotify.com/playlist/${ID}/tracks`],
    ['an id with punctuation', 'abc-def_ghi.jklmnop'],
    ['an id with a space', `${ID.slice(0, 11)} ${ID.slice(11)}`],
    ['a javascript link', `javascript:alert(1)//${ID}`],
    ['free text', 'my favourite playlist'],
    ['a non-Latin id', 'плейлистплейлист'],
    ['an overlong link', `https://open.spotify.com/playlist/${ID}?si=${'x'.repeat(500)}`],
  ])('refuses %s', (_name, input) => {
    expect(parsePlaylistLink(input)).toEqual({ ok: false, message: INVALID_PLAYLIST_LINK });
  });
});
