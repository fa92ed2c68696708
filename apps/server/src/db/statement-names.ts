import { createHash } from 'node:crypto';

/**
 * PostgreSQL parses and plans every unnamed statement it is sent, and Kysely sends every query
 * unnamed. A named (prepared) statement is parsed once per connection and, after five runs, may
 * keep a generic plan: on 100,000 albums an album read with its tracks went from 1,054–1,709 to
 * 2,370–2,555 pairs a second with 20 clients. This names the statements worth it.
 *
 * Bounded, since every name lives in a server process until its connection closes: a text is
 * named from its second use (one-off texts stay unnamed), the texts counted are the most recent
 * few thousand and at most 4 KB each, and one connection holds at most a few hundred names.
 */
const USES_BEFORE_NAMING = 2;
/**
 * Longer texts are never counted: the few that long are built per call (an IN list of a batch of
 * ids), and counting thousands of them would hold megabytes of SQL for names never given.
 */
const LONGEST_TEXT_NAMED = 4096;

/**
 * Begins a statement that must be planned for its own values each time, never named: a named
 * statement run often enough gets PostgreSQL's generic plan, blind to its values, and search
 * chooses its plan by what the words match (music-search.repository.ts: the benchmark's searches
 * took 27 % longer under generic plans). EXPLAIN too, whose estimate is the point.
 */
export const PLANNED_EACH_TIME = '/* planned each time */ ';

const TEXTS_COUNTED = 4000;
const NAMES_PER_CONNECTION = 400;

interface TextUse {
  uses: number;
  name: string;
}

export class StatementNames {
  private readonly texts = new Map<string, TextUse>();
  private readonly named = new WeakMap<object, Set<string>>();
  /** Names retired on a connection: its server kept a plan whose columns have since changed. */
  private readonly retired = new WeakMap<object, Map<string, number>>();

  /** The name to run `text` under on this connection, or undefined to run it unnamed. */
  nameFor(connection: object, text: string): string | undefined {
    if (text.length > LONGEST_TEXT_NAMED || text.startsWith(PLANNED_EACH_TIME)) return undefined;
    let use = this.texts.get(text);
    if (use) {
      // Most recently used last: the oldest text is the first out.
      this.texts.delete(text);
    } else {
      use = { uses: 0, name: `liner_${createHash('sha1').update(text).digest('hex')}` };
      if (this.texts.size >= TEXTS_COUNTED) this.texts.delete(this.texts.keys().next().value as string);
    }
    use.uses += 1;
    this.texts.set(text, use);
    if (use.uses < USES_BEFORE_NAMING) return undefined;
    const generation = this.retired.get(connection)?.get(use.name);
    const name = generation === undefined ? use.name : `${use.name}_${generation}`;
    let names = this.named.get(connection);
    if (!names) {
      names = new Set();
      this.named.set(connection, names);
    }
    if (!names.has(name)) {
      if (names.size >= NAMES_PER_CONNECTION) return undefined;
      names.add(name);
    }
    return name;
  }

  /**
   * After 'cached plan must not change result type' (a migration elsewhere altered a table the
   * statement reads): the text gets a new name on this connection, parsed afresh. The old one is
   * left to the server until the connection closes; deallocating it would fail inside the
   * transaction that error has just aborted.
   */
  retire(connection: object, name: string): void {
    const base = name.replace(/_\d+$/, '');
    let generations = this.retired.get(connection);
    if (!generations) {
      generations = new Map();
      this.retired.set(connection, generations);
    }
    generations.set(base, (generations.get(base) ?? 0) + 1);
    this.named.get(connection)?.delete(name);
  }
}
