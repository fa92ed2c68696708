import { describe, expect, it } from 'vitest';
import { PLANNED_EACH_TIME, StatementNames } from './statement-names.ts';

describe('StatementNames', () => {
  it('names a text from its second use, the same name on every connection', () => {
    const names = new StatementNames();
    const [a, b] = [{}, {}];
    expect(names.nameFor(a, 'select 1')).toBeUndefined();
    const name = names.nameFor(a, 'select 1');
    expect(name).toMatch(/^liner_[0-9a-f]{40}$/);
    expect(names.nameFor(b, 'select 1')).toBe(name);
    expect(names.nameFor(a, 'select 2')).toBeUndefined();
  });

  it('never names a statement marked to be planned each time', () => {
    const names = new StatementNames();
    const text = `${PLANNED_EACH_TIME}select * from albums where search_text like $1`;
    for (let i = 0; i < 5; i++) expect(names.nameFor({}, text)).toBeUndefined();
  });

  it('never counts or names a text over 4 KB, such as a long IN list', () => {
    const names = new StatementNames();
    const text = `select * from albums where id in (${Array.from({ length: 1000 }, (_, i) => `$${i + 1}`).join(', ')})`;
    expect(text.length).toBeGreaterThan(4096);
    for (let i = 0; i < 5; i++) expect(names.nameFor({}, text)).toBeUndefined();
  });

  it('holds at most 400 names on one connection; the rest run unnamed, already named ones still named', () => {
    const names = new StatementNames();
    const connection = {};
    const texts = Array.from({ length: 450 }, (_, i) => `select ${i}`);
    for (const text of texts) names.nameFor(connection, text);
    const named = texts.map((text) => names.nameFor(connection, text));
    expect(named.filter(Boolean)).toHaveLength(400);
    expect(named.slice(400).every((name) => name === undefined)).toBe(true);
    expect(names.nameFor(connection, 'select 0')).toBe(named[0]);
    // Another connection has room of its own.
    expect(names.nameFor({}, 'select 449')).toMatch(/^liner_/);
  });

  it('gives a retired name a successor on that connection only', () => {
    const names = new StatementNames();
    const [a, b] = [{}, {}];
    names.nameFor(a, 'select * from albums');
    const first = names.nameFor(a, 'select * from albums') as string;
    names.retire(a, first);
    expect(names.nameFor(a, 'select * from albums')).toBe(`${first}_1`);
    expect(names.nameFor(b, 'select * from albums')).toBe(first);
    names.retire(a, `${first}_1`);
    expect(names.nameFor(a, 'select * from albums')).toBe(`${first}_2`);
  });
});
