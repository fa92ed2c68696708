import type { DatabaseHandle } from '../../db/database.ts';
import { countGeneratedAlbums } from './catalog.repository.ts';
import { beginBulkLoad, finishBulkLoad, type SaveResult, saveAlbums } from './catalog-writes.repository.ts';
import { generatedAlbum } from './generate.ts';

/**
 * `catalog generate`: `count` synthetic albums after those already generated. Big transactions of
 * multi-row inserts; on PostgreSQL the trigram indexes are dropped for the load and built once at
 * the end, on SQLite the FTS segments are merged at the end.
 */
export async function generateAlbums(
  handle: DatabaseHandle,
  count: number,
  options: { onProgress: (done: number, total: number) => void; onIndexing: () => void },
): Promise<SaveResult> {
  const { db, dialect } = handle;
  const start = await countGeneratedAlbums(db);
  const poolSize = Math.max(50, Math.round((start + count) / 6));
  const today = new Date();
  const batch = dialect === 'sqlite' ? 5000 : 2000;
  const total: SaveResult = { inserted: 0, updated: 0, skipped: 0 };
  const indexes = await beginBulkLoad(db, dialect);
  try {
    for (let done = 0; done < count; done += batch) {
      const size = Math.min(batch, count - done);
      const albums = Array.from({ length: size }, (_, i) => generatedAlbum(start + done + i + 1, { poolSize, today }));
      const result = await db.transaction().execute((trx) => saveAlbums(trx, dialect, albums, { mode: 'skip' }));
      total.inserted += result.inserted;
      total.skipped += result.skipped;
      options.onProgress(done + size, count);
    }
  } finally {
    options.onIndexing();
    await finishBulkLoad(db, dialect, indexes);
  }
  return total;
}
