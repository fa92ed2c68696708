import type { Db } from '../../db/database.ts';
import { displayNameKey } from '../../lib/display-name-key.ts';
import { findProfileByUserId, insertProfile, nameKeyExists, updateProfile } from './profiles.repository.ts';

/**
 * What sign-up and Better Auth's hooks (auth/auth.ts) need of profiles. It needs only the
 * database, because the auth instance is made before the modules' services.
 */
export class AccountProfiles {
  constructor(private readonly db: Db) {}

  /** Whether another account (not `exceptUserId`) has this display name, case-insensitively. */
  nameTaken(name: string, exceptUserId?: string): Promise<boolean> {
    return nameKeyExists(this.db, displayNameKey(name), exceptUserId);
  }

  /** The profile of a new account; throws a unique violation when the name was taken meanwhile. */
  create(userId: string, displayName: string): Promise<void> {
    return insertProfile(this.db, { userId, displayName, nameKey: displayNameKey(displayName), pictureUrl: null });
  }

  /** Throws a unique violation when the name is taken. */
  rename(userId: string, name: string): Promise<void> {
    return updateProfile(this.db, userId, { display_name: name, display_name_key: displayNameKey(name) });
  }

  async displayNameOf(userId: string): Promise<string | undefined> {
    return (await findProfileByUserId(this.db, userId))?.display_name;
  }
}
