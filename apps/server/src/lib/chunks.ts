/**
 * `items` in runs of at most `size`: a long list goes to the database in several statements, each
 * under every driver's limit on bound parameters (SQLite 32 766, PostgreSQL 65 535).
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
