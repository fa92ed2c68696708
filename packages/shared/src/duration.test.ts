import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.ts';

describe('formatDuration', () => {
  it('shows minutes and two-digit seconds under an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5_000)).toBe('0:05');
    expect(formatDuration(562_000)).toBe('9:22');
    expect(formatDuration(693_000)).toBe('11:33');
    expect(formatDuration(3_599_000)).toBe('59:59');
  });

  it('adds hours from one hour on', () => {
    expect(formatDuration(3_600_000)).toBe('1:00:00');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(36_000_000)).toBe('10:00:00');
  });

  it('rounds to the nearest second, carrying into minutes and hours', () => {
    expect(formatDuration(1_499)).toBe('0:01');
    expect(formatDuration(59_500)).toBe('1:00');
    expect(formatDuration(3_599_600)).toBe('1:00:00');
  });

  it('gives an empty string for values that are not a length', () => {
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('parseDuration', () => {
  it('reads m:ss and h:mm:ss', () => {
    expect(parseDuration('9:22')).toBe(562_000);
    expect(parseDuration('11:33')).toBe(693_000);
    expect(parseDuration(' 0:05 ')).toBe(5_000);
    expect(parseDuration('1:02:03')).toBe(3_723_000);
  });

  it('round-trips with formatDuration', () => {
    for (const text of ['0:01', '3:07', '59:59', '1:00:00', '2:45:10']) {
      expect(formatDuration(parseDuration(text) ?? -1)).toBe(text);
    }
  });

  it('refuses text that is not a duration', () => {
    for (const text of ['', '9', '9:2', '9:60', 'a:bc', '1:2:03', '-1:00', '1:00:60']) {
      expect(parseDuration(text)).toBeNull();
    }
  });
});
