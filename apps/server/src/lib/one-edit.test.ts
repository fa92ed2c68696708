import { describe, expect, it } from 'vitest';
import { oneEditAway } from './one-edit.ts';

describe('oneEditAway', () => {
  it('holds every kind of single slip, and not the word itself', () => {
    const near = oneEditAway('radoihead');
    expect(near).toContain('radiohead'); // two letters swapped
    expect(oneEditAway('beatels')).toContain('beatles');
    expect(oneEditAway('nirvna')).toContain('nirvana'); // a letter left out
    expect(oneEditAway('pinkk')).toContain('pink'); // a letter doubled
    expect(oneEditAway('mozert')).toContain('mozart'); // a letter changed
    expect(near).not.toContain('radoihead');
    expect(new Set(near).size).toBe(near.length);
  });

  it('never reaches two edits away', () => {
    expect(oneEditAway('radoihed')).not.toContain('radiohead');
  });

  it('uses the letters of a word in another script', () => {
    expect(oneEditAway('книо')).toContain('кино');
    expect(oneEditAway('кинно')).toContain('кино');
  });

  it('stays under 1,600 strings for a word of twenty letters', () => {
    const count = oneEditAway('supercalifragilistic').length;
    expect(count).toBeGreaterThan(1000);
    expect(count).toBeLessThan(1600);
  });
});
