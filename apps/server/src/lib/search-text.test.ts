import { describe, expect, it } from 'vitest';
import { searchFields, searchText, searchWords } from './search-text.ts';

describe('search folding', () => {
  it('lowercases and drops accents', () => {
    expect(searchWords('Björk')).toEqual(['bjork']);
    expect(searchWords('Café Société')).toEqual(['cafe', 'societe']);
    expect(searchWords('MOTÖRHEAD')).toEqual(['motorhead']);
    expect(searchWords('Ágætis byrjun')).toEqual(['agaetis', 'byrjun']);
    expect(searchWords('Sørensen Straße Łódź')).toEqual(['sorensen', 'strasse', 'lodz']);
  });

  it('splits on punctuation and drops apostrophes inside words', () => {
    expect(searchWords("Don't Stop Me Now")).toEqual(['dont', 'stop', 'me', 'now']);
    expect(searchWords('AC/DC')).toEqual(['ac', 'dc']);
    expect(searchWords('  Selected Ambient Works 85–92 ')).toEqual(['selected', 'ambient', 'works', '85', '92']);
    expect(searchWords('%_|*"')).toEqual([]);
  });

  it('keeps letters of other scripts', () => {
    expect(searchWords('坂本龍一 async')).toEqual(['坂本龍一', 'async']);
    expect(searchWords('Кино')).toEqual(['кино']);
  });

  it('stores fields with a leading space and " | " between them', () => {
    const stored = searchText(['The Dark Side', 'Pink Floyd', 'Money!']);
    expect(stored).toBe(' the dark side | pink floyd | money');
    expect(searchFields(stored)).toEqual(['the dark side', 'pink floyd', 'money']);
    expect(searchFields(searchText(['', 'x']))).toEqual(['', 'x']);
  });
});
