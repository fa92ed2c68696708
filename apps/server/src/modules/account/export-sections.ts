import type { Db } from '../../db/database.ts';
import { collectPages, keysetPages, type PageRead } from '../../lib/keyset-pages.ts';
import { exportReads, importRowsOf, listenSongsOf } from './account.repository.ts';

/**
 * The lists of "Download my data" in the JSON export's order (AccountExportSchema), each a
 * source of pages with a turn of the event loop between two pages: the JSON export writes them
 * out as they come, the CSV export gathers the ones it needs. `lists` comes whole from the lists
 * module (a person has a few lists, not thousands).
 */
export function exportSections<List>(db: Db, userId: string, lists: () => Promise<List[]>) {
  const reads = exportReads(db, userId);
  return {
    trackRatings: () => keysetPages(reads.trackRatings),
    albumRatings: () => keysetPages(reads.albumRatings),
    chosenAlbumRatings: () => keysetPages(reads.chosenAlbumRatings),
    collection: () => keysetPages(reads.collection),
    rateLater: () => keysetPages(reads.rateLater),
    likes: () => keysetPages(reads.likes),
    comments: () => keysetPages(reads.comments),
    notifications: () => keysetPages(reads.notifications),
    posts: () => keysetPages(reads.posts),
    following: () => keysetPages(reads.following),
    followers: () => keysetPages(reads.followers),
    activities: () => keysetPages(reads.activities),
    listens: () => keysetPages(reads.listens),
    listenSongs: () => listenSongPages(db, reads.listens),
    favouriteAlbums: () => keysetPages(reads.favouriteAlbums),
    scoreReveals: () => keysetPages(reads.scoreReveals),
    lists: () => wholeList(lists),
    imports: () => keysetPages(reads.imports),
    importRows: () => importRowPages(db, reads.imports),
  };
}

export type ExportSections = ReturnType<typeof exportSections>;

async function* wholeList<Row>(read: () => Promise<Row[]>): AsyncGenerator<Row[]> {
  const rows = await read();
  if (rows.length > 0) yield rows;
}

/** The songs of each listen, in the diary's order (then by song), a page of listens at a time. */
async function* listenSongPages<Listen extends { id: string }>(
  db: Db,
  listens: PageRead<Listen>,
): AsyncGenerator<{ listen_id: string; track_id: string }[]> {
  for await (const page of keysetPages(listens)) {
    const order = new Map(page.map((listen, i) => [listen.id, i]));
    const songs = await listenSongsOf(
      db,
      page.map((listen) => listen.id),
    );
    // Array sort is stable: each listen's songs stay in track id order.
    songs.sort((a, b) => (order.get(a.listen_id) ?? 0) - (order.get(b.listen_id) ?? 0));
    if (songs.length > 0) yield songs;
  }
}

/** Each import's rows, imports in id order, rows in file order. */
async function* importRowPages<Job extends { id: string }>(db: Db, imports: PageRead<Job>) {
  const jobIds = (await collectPages(keysetPages(imports))).map((job) => job.id).sort();
  for (const jobId of jobIds) yield* keysetPages(importRowsOf(db, jobId));
}
