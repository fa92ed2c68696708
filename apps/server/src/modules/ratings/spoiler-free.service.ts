import type { SpoilerFreeSetting } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { hideScoresAgain, isSpoilerFree, revealScores, setSpoilerFree } from '../../db/score-veil.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { RatingsNeeds } from './index.ts';

/**
 * The spoiler-free setting and the albums a member chose to see the scores of anyway. Answers
 * lose the hidden scores in plugins/score-veil.ts, whatever module makes them.
 */
export class SpoilerFreeService {
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
    return setting;
  }

  async reveal(user: SessionUser, albumId: string): Promise<void> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    await revealScores(this.db, user.id, albumId);
  }

  async hideAgain(user: SessionUser, albumId: string): Promise<void> {
    await hideScoresAgain(this.db, user.id, albumId);
  }
}
