import { type Kysely, sql } from 'kysely';
import { displayNameKey } from '../../lib/display-name-key.ts';
import type { MigrationContext } from './index.ts';

/**
 * Display-name keys gain a homoglyph skeleton (lib/display-name-key.ts). Existing keys are
 * recomputed; where two existing names now share a skeleton, the older profile takes the new key
 * and the younger keeps its old, still unique, key — nobody's profile URL changes.
 */
export function displayNameSkeletonMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      const { rows } = await sql<{ user_id: string; display_name: string; display_name_key: string }>`
        select user_id, display_name, display_name_key from profiles order by created_at, user_id
      `.execute(db);
      const taken = new Set(rows.map((row) => row.display_name_key));
      for (const row of rows) {
        const key = displayNameKey(row.display_name);
        if (key === row.display_name_key || taken.has(key)) continue;
        await sql`update profiles set display_name_key = ${key} where user_id = ${row.user_id}`.execute(db);
        taken.delete(row.display_name_key);
        taken.add(key);
      }
    },
  };
}
