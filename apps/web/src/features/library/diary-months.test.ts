import type { DiaryEntry } from '@liner/shared';
import { describe, expect, it } from 'vitest';
import { dayOfMonth, formatListenDay, groupByMonth, monthLabel } from './diary-months.ts';

const entry = (id: string, listenedOn: string): DiaryEntry => ({
  id,
  userId: 'u1',
  albumId: 'a1',
  listenedOn,
  relisten: false,
  createdAt: '2026-11-26T10:00:00.000Z',
  album: {
    id: 'a1',
    name: 'Kind of Blue',
    artistName: 'Miles Davis',
    artistId: 'miles-davis',
    imageUrl: '/api/music/covers/a1.svg',
    releaseDate: '1959-08-17',
    genre: null,
    listeners: { count: 0, average: null },
  },
  rating: null,
  songs: [],
});

describe('the diary by month', () => {
  it('puts each listen under its month, newest month first, keeping the order it came in', () => {
    const months = groupByMonth([
      entry('a', '2026-11-30'),
      entry('b', '2026-11-01'),
      entry('c', '2026-10-31'),
      entry('d', '2025-11-15'),
    ]);
    expect(months.map((m) => [m.label, m.entries.map((e) => e.id)])).toEqual([
      ['November 2026', ['a', 'b']],
      ['October 2026', ['c']],
      ['November 2025', ['d']],
    ]);
  });

  it('keeps one heading for a month split over two pages, and none for no listens', () => {
    const firstPage = [entry('a', '2026-11-30')];
    const secondPage = [entry('b', '2026-11-02'), entry('c', '2026-01-01')];
    expect(groupByMonth([...firstPage, ...secondPage]).map((m) => m.label)).toEqual(['November 2026', 'January 2026']);
    expect(groupByMonth([])).toEqual([]);
  });

  it('reads days as calendar days, never shifted by a time zone', () => {
    expect(monthLabel('2026-01')).toBe('January 2026');
    expect(groupByMonth([entry('a', '2026-01-01')])[0]?.label).toBe('January 2026');
    expect(formatListenDay('1959-08-17')).toBe('17 Aug 1959');
    expect(dayOfMonth('2026-11-07')).toBe('7');
  });
});
