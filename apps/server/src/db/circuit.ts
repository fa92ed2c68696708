import { databaseUnavailability, isConnectionFailure } from '../lib/db-errors.ts';

/** Thrown instead of waiting on a connect that is bound to fail; answered as 503. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';

  constructor() {
    super('The database is unreachable');
  }
}

/**
 * What the server knows about the database's availability, fed by the driver wrappers in
 * database.ts.
 *
 * On PostgreSQL it is also a circuit breaker in front of connects: when a connect or query fails
 * because the database cannot be reached, every connect fails at once for `cooldownMs` instead of
 * each request waiting out the pool's connect timeout; after that one request at a time probes the
 * database, and the first success closes the circuit, so the server recovers on its own.
 */
export class DatabaseCircuit {
  #openUntil = 0;
  #tripped = false;
  #probing = false;
  #lastFailure: { kind: 'busy' | 'down'; at: number } | null = null;

  constructor(private readonly cooldownMs = 1000) {}

  /** True while the database is known to be unreachable. */
  get isDown(): boolean {
    return this.#tripped;
  }

  /** Whole seconds a client should wait before trying again. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.#openUntil - Date.now()) / 1000));
  }

  /** Whether the database was busy or down at some moment since `since` (ms since the epoch). */
  failureSince(since: number): 'busy' | 'down' | null {
    if (this.#tripped) return 'down';
    const last = this.#lastFailure;
    return last && last.at >= since ? last.kind : null;
  }

  /** Records a failed query or connect; one showing the database unreachable opens the circuit. */
  observe(error: unknown): void {
    const kind = databaseUnavailability(error);
    if (kind) this.#lastFailure = { kind, at: Date.now() };
    if (!isConnectionFailure(error)) return;
    this.#tripped = true;
    this.#openUntil = Date.now() + this.cooldownMs;
  }

  /** Runs a connect through the circuit. */
  async run<T>(connect: () => Promise<T>): Promise<T> {
    if (this.#tripped && (Date.now() < this.#openUntil || this.#probing)) throw new DatabaseUnavailableError();
    const probing = this.#tripped;
    if (probing) this.#probing = true;
    try {
      const result = await connect();
      this.#tripped = false;
      return result;
    } catch (error) {
      this.observe(error);
      throw error;
    } finally {
      if (probing) this.#probing = false;
    }
  }
}
