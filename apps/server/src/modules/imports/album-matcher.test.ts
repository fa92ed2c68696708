import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '../catalog/index.ts';
import { type AlbumQuery, chooseLocal, withoutEdition, withoutFeatured } from './album-matcher.ts';

const album = (id: string, artist: string, title: string, year: number | null): SummaryRow => ({
  id,
  title,
  artist_id: artist,
  artist_name: artist,
  release_date: year === null ? null : `${year}-01-01`,
  genre: null,
  cover_url: null,
  listeners: null,
  listener_tenths: null,
});
const query = (artist: string, title: string, year: number | null = null, others: string[] = []): AlbumQuery => ({
  artist,
  title,
  year,
  otherArtistNames: others,
  albumMbid: null,
  releaseMbid: null,
});

describe('withoutEdition and withoutFeatured', () => {
  it.each([
    ['Abbey Road (Super Deluxe)', 'Abbey Road'],
    ['Abbey Road (Deluxe Edition)', 'Abbey Road'],
    ['Revolver [2017 remastered deluxe box set]', 'Revolver'],
    ['Nevermind (Remastered)', 'Nevermind'],
    ['Blue Train - 2003 Remaster', 'Blue Train'],
    ['(What’s the Story) Morning Glory?', '(What’s the Story) Morning Glory?'],
    ["Fearless (Taylor's Version)", "Fearless (Taylor's Version)"],
    ['Live - At Leeds', 'Live - At Leeds'],
  ])('%s is %s', (title, bare) => expect(withoutEdition(title)).toBe(bare));

  it.each([
    ['Miles Davis feat. John Coltrane', 'Miles Davis'],
    ['Drake ft. Rihanna', 'Drake'],
    ['Artist (featuring Guest)', 'Artist'],
    ['Simon & Garfunkel', 'Simon & Garfunkel'],
    ['Feather', 'Feather'],
  ])('%s is %s', (artist, main) => expect(withoutFeatured(artist)).toBe(main));
});

describe('chooseLocal: one album or none, never a guess', () => {
  const abbey = album('abbey', 'The Beatles', 'Abbey Road', 1969);

  it('takes the one album of that artist and title whatever the year (a reissue)', () => {
    expect(chooseLocal(query('The Beatles', 'Abbey Road', 2019), [abbey])?.id).toBe('abbey');
  });

  it('prefers the title as written to one without its edition', () => {
    const deluxe = album('deluxe', 'The Beatles', 'Abbey Road (Super Deluxe)', 2019);
    expect(chooseLocal(query('The Beatles', 'Abbey Road (Super Deluxe)'), [abbey, deluxe])?.id).toBe('deluxe');
    expect(chooseLocal(query('The Beatles', 'Abbey Road (Deluxe Edition)'), [abbey])?.id).toBe('abbey');
  });

  it('tells same-named albums apart by the closest year only, else leaves them to the person', () => {
    const first = album('first', 'Peter Gabriel', 'Peter Gabriel', 1977);
    const second = album('second', 'Peter Gabriel', 'Peter Gabriel', 1978);
    const third = album('third', 'Peter Gabriel', 'Peter Gabriel', 1980);
    expect(chooseLocal(query('Peter Gabriel', 'Peter Gabriel', 1980), [first, second, third])?.id).toBe('third');
    expect(chooseLocal(query('Peter Gabriel', 'Peter Gabriel', 1979), [first, second, third])).toBeNull();
    expect(chooseLocal(query('Peter Gabriel', 'Peter Gabriel'), [first, second, third])).toBeNull();
    expect(chooseLocal(query('Peter Gabriel', 'Peter Gabriel', 1990), [first, second, third])).toBeNull();
  });

  it('knows an artist by another name the file gives, or without its guests; another artist is not it', () => {
    const jennie = album('ruby', 'Jennie', 'Ruby', 2025);
    expect(chooseLocal(query('제니', 'Ruby', 2025, ['Jennie']), [jennie])?.id).toBe('ruby');
    expect(chooseLocal(query('Jennie feat. Someone', 'Ruby'), [jennie])?.id).toBe('ruby');
    expect(chooseLocal(query('Jennie & Someone', 'Ruby'), [jennie])).toBeNull();
    expect(chooseLocal(query('Lisa', 'Ruby'), [jennie])).toBeNull();
  });
});
