import { describe, expect, it } from 'vitest';
import { chooseReleaseGroup, type MatchAlbum, matchQuery } from './match.ts';
import type { MbReleaseGroup } from './musicbrainz.client.ts';

const album: MatchAlbum = {
  title: 'Blue Train',
  artist_name: 'John Coltrane',
  release_date: '1958-01-01',
  primary_type: 'album',
};

let next = 0;
function group(overrides: Partial<MbReleaseGroup> & { artist?: string } = {}): MbReleaseGroup {
  const { artist = 'John Coltrane', ...rest } = overrides;
  next++;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    score: 100,
    title: 'Blue Train',
    'primary-type': 'Album',
    'first-release-date': '1958-01',
    'artist-credit': [{ name: artist, joinphrase: '', artist: { id: 'a', name: artist } }],
    ...rest,
  };
}

describe('chooseReleaseGroup', () => {
  it('takes the same title and artist in the same year', () => {
    const right = group();
    expect(chooseReleaseGroup(album, [group({ title: 'Blue Train (Live)' }), right])).toBe(right);
  });

  it('folds case, accents, punctuation, "&" and a leading "The"', () => {
    const right = group({ title: 'BLUE TRAIN!', artist: 'The John Coltrané' });
    expect(chooseReleaseGroup(album, [right])).toBe(right);
    const duo = { ...album, artist_name: 'Simon and Garfunkel' };
    const credited = group({ artist: 'Simon & Garfunkel' });
    expect(chooseReleaseGroup(duo, [credited])).toBe(credited);
  });

  it('never takes another artist, another title or a year more than one apart', () => {
    expect(chooseReleaseGroup(album, [group({ artist: 'Coltrane Tribute Band' })])).toBeNull();
    expect(chooseReleaseGroup(album, [group({ title: 'Blue Train Revisited' })])).toBeNull();
    expect(chooseReleaseGroup(album, [group({ 'first-release-date': '1960-03-01' })])).toBeNull();
    expect(chooseReleaseGroup(album, [])).toBeNull();
  });

  it('prefers the same year to one a year apart, and either to an undated one', () => {
    const undated = group({ 'first-release-date': '' });
    const nextYear = group({ 'first-release-date': '1959', score: 100 });
    const sameYear = group({ 'first-release-date': '1958-09', score: 60 });
    expect(chooseReleaseGroup(album, [undated, nextYear, sameYear])).toBe(sameYear);
    expect(chooseReleaseGroup(album, [undated, nextYear])).toBe(nextYear);
    expect(chooseReleaseGroup(album, [undated])).toBe(undated);
  });

  it('prefers the same type, then the higher score', () => {
    const single = group({ 'primary-type': 'Single', score: 100 });
    const lp = group({ score: 40 });
    expect(chooseReleaseGroup(album, [single, lp])).toBe(lp);
    const live = group({ 'secondary-types': ['Live'], score: 100 });
    expect(chooseReleaseGroup({ ...album, primary_type: 'live' }, [lp, live])).toBe(live);
    const better = group({ score: 90 });
    expect(chooseReleaseGroup(album, [lp, better])).toBe(better);
  });

  it('ignores the year when the album has none', () => {
    const right = group({ 'first-release-date': '2001' });
    expect(chooseReleaseGroup({ ...album, release_date: null }, [right])).toBe(right);
  });
});

describe('matchQuery', () => {
  it('escapes Lucene and keeps operators out of the text', () => {
    expect(matchQuery({ title: 'Back in Black (AND Live!)', artist_name: 'AC/DC' })).toBe(
      'releasegroup:(back in black \\(and live\\!\\)) AND artist:(ac\\/dc)',
    );
  });
});
