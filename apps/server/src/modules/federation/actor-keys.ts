import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../../db/database.ts';
import { findActorKeys, insertActorKeys, type KeyAlgorithm, type StoredKey } from './actor-keys.repository.ts';
import { INSTANCE_ACTOR } from './handles.ts';

type CryptoKeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;

/** RSA first: Mastodon reads an actor's first key; Ed25519 signs integrity proofs (FEP-8b32). */
const ALGORITHMS: readonly KeyAlgorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];
/** Imported keys kept in memory: importing a JWK costs more than the signature it is for. */
const CACHED_ACTORS_MAX = 5_000;

/**
 * Each actor's key pairs, made the first time they are needed and kept in the database (an actor's
 * keys must not change: other servers cache them to check our signatures).
 */
export class ActorKeys {
  private readonly cache = new Map<string, Promise<CryptoKeyPair[]>>();

  constructor(private readonly db: Db) {}

  pairsOf(actor: string): Promise<CryptoKeyPair[]> {
    const cached = this.cache.get(actor);
    if (cached) return cached;
    const loading = this.load(actor);
    if (this.cache.size >= CACHED_ACTORS_MAX) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(actor, loading);
    loading.catch(() => this.cache.delete(actor));
    return loading;
  }

  private async load(actor: string): Promise<CryptoKeyPair[]> {
    let stored = await findActorKeys(this.db, actor);
    if (stored.length < ALGORITHMS.length) {
      await insertActorKeys(this.db, actor, actor === INSTANCE_ACTOR ? null : actor, await makeKeys());
      stored = await findActorKeys(this.db, actor);
    }
    const byAlgorithm = new Map(stored.map((key) => [key.algorithm, key]));
    return Promise.all(
      ALGORITHMS.map(async (algorithm) => {
        const key = byAlgorithm.get(algorithm) as StoredKey;
        return {
          publicKey: await importJwk(JSON.parse(key.public_jwk), 'public'),
          privateKey: await importJwk(JSON.parse(key.private_jwk), 'private'),
        };
      }),
    );
  }
}

async function makeKeys(): Promise<StoredKey[]> {
  return Promise.all(
    ALGORITHMS.map(async (algorithm) => {
      const pair = await generateCryptoKeyPair(algorithm);
      return {
        algorithm,
        public_jwk: JSON.stringify(await exportJwk(pair.publicKey)),
        private_jwk: JSON.stringify(await exportJwk(pair.privateKey)),
      };
    }),
  );
}
