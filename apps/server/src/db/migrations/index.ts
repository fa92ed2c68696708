import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { catalogMigration } from './001-catalog.ts';
import { profilesMigration } from './002-profiles.ts';

export interface MigrationContext {
  dialect: Dialect;
}

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export function allMigrations(context: MigrationContext): Record<string, Migration> {
  return {
    '001-catalog': catalogMigration(context),
    '002-profiles': profilesMigration(context),
  };
}
