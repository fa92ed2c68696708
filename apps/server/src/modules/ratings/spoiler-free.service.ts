import type { SpoilerFreeSetting } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import {
  albumsWithScoresShown,
  hideScoresAgain,
  isSpoilerFree,
  revealScores,
  setSpoilerFree,
} from '../../db/score-veil.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { RatingsNeeds } from './index.ts';

/**
 * The spoiler-free setting and the albums a member chose to see the scores of anyway. Answers
 * lose the hidden scores in plugins/score-veil.ts, whatever module makes them.
 */
/** How long a member's setting is trusted once read: a change made on another instance shows within it. */
const SETTING_KEPT_MS = 1000;
/** Members whose setting is kept at once; past this many the memory starts again. */
const SETTINGS_KEPT_MAX = 10_000;

export class SpoilerFreeService {
  /**
   * The setting is asked for on every signed-in request whose answer has scores: kept a second per
   * member, as sessions are (ADR 46), so a member's page of requests reads it once.
   */
  private readonly settings = new Map<string, { on: boolean; until: number }>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<RatingsNeeds, 'catalog'>,
  ) {}

  private get db() {
    return this.database.db;
  }

  async setting(user: SessionUser): Promise<SpoilerFreeSetting> {
    return { spoilerFree: await isSpoilerFree(this.db, user.id) };
  }

  async change(user: SessionUser, setting: SpoilerFreeSetting): Promise<SpoilerFreeSetting> {
    await setSpoilerFree(this.db, user.id, setting.spoilerFree);
    this.keep(user.id, setting.spoilerFree);
    return setting;
  }

  /** Whether the member asked for spoiler-free scores (plugins/score-veil.ts asks). */
  async isOn(userId: string): Promise<boolean> {
    const kept = this.settings.get(userId);
    if (kept && kept.until > Date.now()) return kept.on;
    const on = await isSpoilerFree(this.db, userId);
    this.keep(userId, on);
    return on;
  }

  /** Which of these albums the member may see the scores of: rated, or shown anyway. */
  shownAlbums(userId: string, albumIds: readonly string[]): Promise<Set<string>> {
    return albumsWithScoresShown(this.db, userId, albumIds);
  }

  private keep(userId: string, on: boolean): void {
    if (this.settings.size >= SETTINGS_KEPT_MAX) this.settings.clear();
    this.settings.set(userId, { on, until: Date.now() + SETTING_KEPT_MS });
  }

  async reveal(user: SessionUser, albumId: string): Promise<void> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    await revealScores(this.db, user.id, albumId).catch((error: unknown) => {
      // The album (or the account) went between the look-up and the write.
      if (isForeignKeyViolation(error)) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
      throw error;
    });
  }

  async hideAgain(user: SessionUser, albumId: string): Promise<void> {
    await hideScoresAgain(this.db, user.id, albumId);
  }
}
