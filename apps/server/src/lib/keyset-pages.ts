/** Resolves on the event loop's next turn, after the timers and sockets already waiting. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Reads the rows after `after` (none: from the start) in a read's key order, at most `limit`. */
export type PageRead<Row> = (after: Row | undefined, limit: number) => Promise<Row[]>;

/** Rows per page: a read of this many holds SQLite (synchronous) for a few milliseconds. */
export const PAGE_ROWS = 1000;

/**
 * Every page of a keyset read, in order, with a turn of the event loop after each page. SQLite
 * reads synchronously, so one statement over a person's 60,000 listens would hold every other
 * request (a health probe too) for as long as it runs; a page at a time, they wait a few ms.
 */
export async function* keysetPages<Row>(read: PageRead<Row>, limit = PAGE_ROWS): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    await nextTurn();
    if (rows.length < limit) return;
    after = rows.at(-1);
  }
}

/** All the rows of `pages`, in order. */
export async function collectPages<Row>(pages: AsyncIterable<Row[]>): Promise<Row[]> {
  const all: Row[] = [];
  for await (const rows of pages) for (const row of rows) all.push(row);
  return all;
}
