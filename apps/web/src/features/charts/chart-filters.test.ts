import { describe, expect, it } from 'vitest';
import {
  chartApiQuery,
  filtersFromParams,
  listedYears,
  paramsFromFilters,
  periodFromValue,
  periodValue,
} from './chart-filters.ts';

const from = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('chart filters in the address', () => {
  it('reads every filter and writes them back in one order', () => {
    const filters = from('type=live&year=1997&genre=rock');
    expect(filters).toEqual({ kind: 'albums', genre: 'rock', year: 1997, decade: undefined, type: 'live' });
    expect(paramsFromFilters(filters).toString()).toBe('genre=rock&year=1997&type=live');
    expect(paramsFromFilters(from('kind=songs&decade=1990&genre=jazz')).toString()).toBe(
      'kind=songs&genre=jazz&decade=1990',
    );
  });

  it('opens a chart from a hand-edited link, leaving out what the API would refuse', () => {
    expect(from('kind=videos&year=97&decade=1995&type=bootleg')).toEqual({
      kind: 'albums',
      genre: undefined,
      year: undefined,
      decade: undefined,
      type: undefined,
    });
    // A year and a decade together keep the year; songs have no type.
    expect(from('year=1997&decade=1990')).toMatchObject({ year: 1997, decade: undefined });
    expect(from('kind=songs&type=live')).toMatchObject({ kind: 'songs', type: undefined });
  });

  it('asks the API without the kind, and with the cursor of the next page', () => {
    expect(chartApiQuery(from('kind=songs&genre=rock&year=1997'))).toBe('genre=rock&year=1997');
    expect(chartApiQuery(from('genre=hip-hop'), 'abc')).toBe('genre=hip-hop&cursor=abc');
  });

  it('holds a year or a decade in the one Period value, never both', () => {
    expect(periodValue({ year: 1997 })).toBe('year:1997');
    expect(periodValue({ decade: 1990 })).toBe('decade:1990');
    expect(periodValue({})).toBe('');
    expect(periodFromValue('decade:1960')).toEqual({ year: undefined, decade: 1960 });
    expect(periodFromValue('year:2001')).toEqual({ year: 2001, decade: undefined });
    expect(periodFromValue('')).toEqual({ year: undefined, decade: undefined });
  });

  it('lists the years from this one back to 1950', () => {
    const years = listedYears(new Date('2026-11-23T00:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1950);
  });
});
