import type { Auth } from '../../auth/auth.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { ownedPictureKey } from '../users/index.ts';
import { deleteUserRow, exportHead, hasPassword } from './account.repository.ts';
import { type ExportSections, exportSections } from './export-sections.ts';
import type { AccountNeeds } from './index.ts';

export const DELETE_CONFIRMATION = 'DELETE';

export class AccountService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly auth: Auth,
    private readonly files: FileStore,
    /** Deletion moves follow counts and rating totals through the modules that own them. */
    private readonly owners: AccountNeeds,
  ) {}

  /**
   * "Download my data" (AccountExportSchema) as pieces of JSON text, written out as the rows are
   * read a page at a time: a large library (60,000 listens are 13 MB of JSON) is never held in
   * memory whole nor serialised in one go, which would stall every other request meanwhile. The
   * account's own rows are read before the first piece, so a database that is down still gets
   * its 503 rather than a cut-off file.
   */
  async exportJson(user: SessionUser, now = new Date()): Promise<AsyncIterable<string>> {
    const head = await exportHead(this.database.db, user.id);
    const sections = exportSections(this.database.db, user.id, () => this.owners.lists.exportOf(user.id));
    return jsonPieces(now, head, sections);
  }

  /**
   * Deletes the account and everything it owns. Other people's follow counts and the community
   * rating totals are corrected in the same transaction, so no count outlives its rows.
   */
  async delete(user: SessionUser, body: { password?: string; confirm?: string }, headers: Headers): Promise<void> {
    const db = this.database.db;
    if (await hasPassword(db, user.id)) {
      if (!body.password) throw badRequest('Enter your password to delete your account');
      const ok = await this.auth.api
        .verifyPassword({ body: { password: body.password }, headers })
        .then(() => true)
        .catch(() => false);
      if (!ok) throw forbidden('Incorrect password');
    } else if (body.confirm !== DELETE_CONFIRMATION) {
      throw badRequest(`Type ${DELETE_CONFIRMATION} to confirm`);
    }
    await this.erase(user.id);
  }

  /**
   * An admin deletes someone's account: the same removal as their own, with the
   * same repaired counts. Who may be deleted is the community module's rule. `alongside` runs in
   * the same transaction (the audit entry).
   */
  deleteAsModerator(userId: string, alongside?: (trx: Trx) => Promise<void>): Promise<void> {
    return this.erase(userId, alongside);
  }

  private async erase(userId: string, alongside?: (trx: Trx) => Promise<void>): Promise<void> {
    const db = this.database.db;
    const picture = (await this.owners.profiles.findByUserId(userId))?.picture_url ?? null;
    await withTransaction(db, async (trx) => {
      // First, while everything of theirs is still there to read (who follows them, their keys).
      await this.owners.events.publish(trx, 'accountDeleted', { userId });
      // In the global lock order (db/locks.ts): profiles (follows), then rating totals, then the user row.
      await this.owners.follows.removeAllOf(trx, userId);
      await this.owners.ratings.removeAllOf(trx, userId);
      // Then posts' and lists' rows: the likes and comments the user gave or got.
      await this.owners.reactions.removeAllOf(trx, userId);
      await this.owners.posts.removeBoostsOf(trx, userId);
      // Others' entries about them ("ana followed bo"); their own go with the cascade below.
      await this.owners.activity.forgetUser(trx, userId);
      // Cascades remove sessions, accounts, profile, posts, follows, ratings, collection, listens and lists.
      await deleteUserRow(trx, userId);
      await alongside?.(trx);
    });
    // No copy of their sessions outlives them (Redis, when configured).
    await this.owners.sessionCopies.forgetUser(userId);
    // Their ratings left the community scores of any number of albums.
    this.owners.readCache.clear();
    const pictureFile = ownedPictureKey(userId, picture);
    if (pictureFile) await this.files.remove(pictureFile);
  }
}

/** The export's JSON: its fields in the contract's order, each list written a page at a time. */
async function* jsonPieces(
  now: Date,
  head: Awaited<ReturnType<typeof exportHead>>,
  sections: ExportSections,
): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(now.toISOString())}`;
  if (head.user) yield `,"user":${JSON.stringify(head.user)}`;
  if (head.profile) yield `,"profile":${JSON.stringify(head.profile)}`;
  for (const [name, pages] of Object.entries(sections)) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const rows of pages()) {
      yield `${first ? '' : ','}${rows.map((row) => JSON.stringify(row)).join(',')}`;
      first = false;
    }
    yield ']';
  }
  yield '}';
}
