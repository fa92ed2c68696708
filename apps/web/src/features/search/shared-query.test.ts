import { describe, expect, it } from 'vitest';
import { sharedQuery } from './shared-query.ts';

describe('sharedQuery', () => {
  it('keeps the name from what streaming apps share, without their wording and links', () => {
    expect(
      sharedQuery({
        text: 'Listen to Kind of Blue by Miles Davis on Spotify https://open.spotify.com/album/1weenld61qoidwYuZ1GESA',
      }),
    ).toBe('Kind of Blue by Miles Davis');
    expect(
      sharedQuery({ title: 'Kind of Blue - Album by Miles Davis | Spotify', url: 'https://open.spotify.com/album/x' }),
    ).toBe('Kind of Blue Miles Davis');
    expect(sharedQuery({ title: 'Blue in Green', text: 'https://music.apple.com/album/x' })).toBe('Blue in Green');
  });

  it('reads the words of a link when nothing else names the album', () => {
    expect(sharedQuery({ url: 'https://artist.bandcamp.com/album/kind-of-blue' })).toBe('kind of blue');
    expect(sharedQuery({ text: 'https://open.spotify.com/album/1weenld61qoidwYuZ1GESA' })).toBe('');
  });

  it('is empty for nothing, and short for a long text', () => {
    expect(sharedQuery({})).toBe('');
    expect(sharedQuery({ text: 'word '.repeat(100) }).length).toBeLessThanOrEqual(120);
  });
});
