import type { Db } from '../../db/database.ts';
import type { ActorKeyTable } from '../../db/schema.ts';

export type KeyAlgorithm = ActorKeyTable['algorithm'];

export interface StoredKey {
  algorithm: KeyAlgorithm;
  public_jwk: string;
  private_jwk: string;
}

export async function findActorKeys(db: Db, actor: string): Promise<StoredKey[]> {
  return db
    .selectFrom('actor_keys')
    .select(['algorithm', 'public_jwk', 'private_jwk'])
    .where('actor', '=', actor)
    .execute();
}

/** Keeps the first keys made for an actor: two processes making them at once agree on the winner's. */
export async function insertActorKeys(db: Db, actor: string, userId: string | null, keys: StoredKey[]): Promise<void> {
  const createdAt = new Date().toISOString();
  await db
    .insertInto('actor_keys')
    .values(keys.map((key) => ({ actor, user_id: userId, created_at: createdAt, ...key })))
    .onConflict((oc) => oc.columns(['actor', 'algorithm']).doNothing())
    .execute();
}
