import {
  BIO_MAX,
  checkDisplayName,
  DISPLAY_NAME_TAKEN,
  type MigrateProfileResult,
  type MyProfile,
  PROFILE_PRIVATE,
  PROFILE_UNAVAILABLE,
  type PrivacySettings,
  type ProfileView,
  type UpdateProfileBody,
} from '@liner/shared';
import type { SessionCopies } from '../../auth/redis-storage.ts';
import { canReadProfileContent, eitherBlocked, relationshipOf } from '../../db/audience.ts';
import type { Db } from '../../db/database.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { displayNameKey } from '../../lib/display-name-key.ts';
import { AppError, badRequest, refusal } from '../../lib/errors.ts';
import { type FileStore, fileUrl } from '../../lib/file-store/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { ownedPictureKey, pictureKey, processPicture } from './picture.ts';
import {
  findProfileByNameKey,
  findProfileByUserId,
  insertRemotePerson,
  nameKeyExists,
  type ProfileRow,
  toProfile,
  updateAuthUser,
  updatePrivacy,
  updateProfile,
  updateRemotePerson,
} from './profiles.repository.ts';

export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    /** The name and picture are in Better Auth's session copies too. */
    private readonly copies: SessionCopies,
  ) {}

  /** A user's stored profile, or undefined: other modules read names and pictures through this. */
  findByUserId(userId: string, db: Db = this.db): Promise<ProfileRow | undefined> {
    return findProfileByUserId(db, userId);
  }

  /** The profile a display name names, in any case or look-alike form, or undefined. */
  findByName(name: string): Promise<ProfileRow | undefined> {
    return findProfileByNameKey(this.db, displayNameKey(name));
  }

  /**
   * A person of another server, as a member who cannot sign in (ADR 53), inside the caller's
   * transaction: made when first met, renamed and given their new bio when their server says so.
   * Their bio arrives as text and is cut to the length a member's may have.
   */
  async saveRemotePerson(trx: Db, userId: string, person: { displayName: string; bio: string }, isNew: boolean) {
    const fields = {
      displayName: person.displayName,
      nameKey: displayNameKey(person.displayName),
      bio: [...person.bio].slice(0, BIO_MAX).join(''),
    };
    if (isNew) await insertRemotePerson(trx, userId, fields);
    else await updateRemotePerson(trx, userId, fields);
  }

  /** Throws 404 'User not found' unless the user has a profile: public lists of a user start here. */
  async mustExist(userId: string): Promise<void> {
    if (!(await findProfileByUserId(this.db, userId))) throw refusal('USER_NOT_FOUND', 'User not found');
  }

  /**
   * Someone's content beyond their profile's head (posts, lists, diary, likes, collection, stats):
   * refused across a block either way, and on a locked profile to anyone but approved followers.
   */
  async mustShowContentTo(viewer: { id: string } | null, userId: string): Promise<void> {
    const relationship = await relationshipOf(this.db, viewer?.id ?? null, userId);
    if (!relationship) throw refusal('USER_NOT_FOUND', 'User not found');
    if (canReadProfileContent(relationship)) return;
    if (eitherBlocked(relationship)) throw refusal('PROFILE_UNAVAILABLE', PROFILE_UNAVAILABLE);
    throw refusal('PROFILE_PRIVATE', PROFILE_PRIVATE);
  }

  private async own(user: SessionUser): Promise<ProfileRow> {
    const row = await findProfileByUserId(this.db, user.id);
    if (!row) throw refusal('USER_NOT_FOUND', 'User not found');
    return row;
  }

  private me(user: SessionUser, row: ProfileRow): MyProfile {
    return { ...toProfile(row), email: user.email, role: user.role, defaultAudience: row.default_audience };
  }

  /**
   * A profile by display name, whatever its letter case, and how the viewer stands to it. Someone
   * its owner blocked meets 'This profile is not available' (signed out, they read it as anyone);
   * a locked profile still shows its head (name, picture, bio, counts) to everyone else.
   */
  async getByName(name: string, viewer: SessionUser | null = null): Promise<ProfileView> {
    const row = await findProfileByNameKey(this.db, displayNameKey(name.trim()));
    if (!row) throw refusal('USER_NOT_FOUND', 'User not found');
    const relationship = await relationshipOf(this.db, viewer?.id ?? null, row.user_id);
    if (!relationship) throw refusal('USER_NOT_FOUND', 'User not found');
    if (relationship.blockedByOwner) throw refusal('PROFILE_UNAVAILABLE', PROFILE_UNAVAILABLE);
    return {
      ...toProfile(row),
      blockedByMe: relationship.blockedByViewer,
      mutedByMe: relationship.mutedByViewer,
      followRequested: relationship.requested,
      canSeeContent: canReadProfileContent(relationship),
    };
  }

  /** The social module's privacy settings, written in its transaction (unlocking approves requests there). */
  setPrivacy(trx: Trx, userId: string, settings: PrivacySettings): Promise<void> {
    return updatePrivacy(trx, userId, { locked: settings.locked ? 1 : 0, default_audience: settings.defaultAudience });
  }

  async getMine(user: SessionUser): Promise<MyProfile> {
    return this.me(user, await this.own(user));
  }

  async updateMine(user: SessionUser, body: UpdateProfileBody): Promise<MyProfile> {
    const current = await this.own(user);
    const changes: Parameters<typeof updateProfile>[2] = {};
    if (body.displayName !== undefined || body.completeSetup) {
      const check = checkDisplayName(body.displayName ?? '');
      if (!check.ok) throw badRequest(check.message);
      const key = displayNameKey(check.value);
      if (await nameKeyExists(this.db, key, user.id)) throw refusal('DISPLAY_NAME_TAKEN', DISPLAY_NAME_TAKEN);
      changes.display_name = check.value;
      changes.display_name_key = key;
    }
    if (body.bio !== undefined) changes.bio = body.bio.trim();
    // Setup marks the profile complete; an old profile without the flag gets it on any update (spec §4).
    if (body.completeSetup || current.setup_complete === null) changes.setup_complete = 1;
    try {
      await withTransaction(this.db, async (trx) => {
        await updateProfile(trx, user.id, changes);
        if (changes.display_name) await updateAuthUser(trx, user.id, { name: changes.display_name });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('DISPLAY_NAME_TAKEN', DISPLAY_NAME_TAKEN);
      throw error;
    }
    if (changes.display_name) await this.copies.forgetUser(user.id);
    return this.getMine(user);
  }

  async setPicture(user: SessionUser, bytes: Buffer): Promise<MyProfile> {
    const current = await this.own(user);
    await this.replacePicture(user.id, current.picture_url, bytes);
    return this.getMine(user);
  }

  /**
   * A person of another server shows the picture their server names, made here like an upload
   * (so it is served from our origin, and their server never learns who looked); null removes it.
   * Throws what an upload would for bytes that are not a picture.
   */
  async setRemotePicture(userId: string, bytes: Buffer | null): Promise<void> {
    const current = await findProfileByUserId(this.db, userId);
    if (!current) return;
    await this.replacePicture(userId, current.picture_url, bytes);
  }

  private async replacePicture(userId: string, oldUrl: string | null, bytes: Buffer | null): Promise<void> {
    // Image work and file writes happen before, never inside, a transaction.
    const made = bytes ? await processPicture(bytes) : undefined;
    const key = made ? pictureKey(userId, made.hash) : null;
    if (made && key) await this.files.put(key, made.data);
    const url = key ? fileUrl(key) : null;
    await withTransaction(this.db, async (trx) => {
      await updateProfile(trx, userId, { picture_url: url });
      await updateAuthUser(trx, userId, { image: url });
    });
    await this.copies.forgetUser(userId);
    // Only a file the server stored for this user: the old URL may name someone else's.
    const old = ownedPictureKey(userId, oldUrl);
    if (old && old !== key) await this.files.remove(old);
  }

  /**
   * An admin removes what a reported profile says: its bio and picture (the name stays, so the
   * person can still be found and named). `alongside` runs in the same transaction (moderation).
   */
  async clearAsModerator(userId: string, alongside?: (trx: Trx) => Promise<void>): Promise<void> {
    const current = await findProfileByUserId(this.db, userId);
    if (!current) throw refusal('USER_NOT_FOUND', 'User not found');
    await withTransaction(this.db, async (trx) => {
      await updateProfile(trx, userId, { bio: '', picture_url: null });
      await updateAuthUser(trx, userId, { image: null });
      await alongside?.(trx);
    });
    await this.copies.forgetUser(userId);
    const old = ownedPictureKey(userId, current.picture_url);
    if (old) await this.files.remove(old);
  }

  /** 'Fix My Profile' (spec §4, Migration helper). */
  async migrate(user: SessionUser): Promise<MigrateProfileResult> {
    const current = await this.own(user);
    if (current.setup_complete !== null) {
      return { changed: false, message: 'Migration completed, but no changes were needed.' };
    }
    const complete = Boolean(current.bio.trim() || current.picture_url || current.display_name.trim());
    await updateProfile(this.db, user.id, { setup_complete: complete ? 1 : 0 });
    return { changed: true, message: 'Profile successfully migrated! You can now use the app normally.' };
  }
}

export function pictureTooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'Picture must be 5 MB or smaller');
}
