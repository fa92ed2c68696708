import { describe, expect, it } from 'vitest';
import { checkNote } from './schemas/posts.ts';

describe('checkNote', () => {
  it('trims title and content', () => {
    expect(checkNote({ title: '  Hi ', content: ' there ' })).toEqual({ ok: true, title: 'Hi', content: 'there' });
  });
  it('needs a title, then content', () => {
    expect(checkNote({ title: '  ', content: 'x' })).toEqual({ ok: false, message: 'Title is required' });
    expect(checkNote({ title: 'x', content: '   ' })).toEqual({ ok: false, message: 'Content is required' });
    expect(checkNote({})).toEqual({ ok: false, message: 'Title is required' });
  });
  it('allows 100/2000 characters and refuses one more', () => {
    expect(checkNote({ title: 't'.repeat(100), content: 'c'.repeat(2000) }).ok).toBe(true);
    expect(checkNote({ title: 't'.repeat(101), content: 'c' })).toEqual({
      ok: false,
      message: 'Title must be 100 characters or less',
    });
    expect(checkNote({ title: 't', content: 'c'.repeat(2001) })).toEqual({
      ok: false,
      message: 'Content must be 2000 characters or less',
    });
  });
});
