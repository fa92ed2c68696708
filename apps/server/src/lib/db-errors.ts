/**
 * What a database error means, on either dialect. Drivers and libraries wrap errors (Better Auth
 * rethrows with `cause`), so every test looks through the cause chain.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function* causes(error: unknown): Generator<DriverError> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as DriverError;
    current = (current as DriverError).cause;
  }
}

function some(error: unknown, test: (code: string, message: string) => boolean): boolean {
  for (const e of causes(error)) {
    if (test(typeof e.code === 'string' ? e.code : '', typeof e.message === 'string' ? e.message : '')) return true;
  }
  return false;
}

/** A unique or primary-key constraint refused the write, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  return some(
    error,
    (code, message) =>
      code === '23505' ||
      code === 'SQLITE_CONSTRAINT_UNIQUE' ||
      code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
      /UNIQUE constraint failed/.test(message),
  );
}

/** A row the write refers to is gone (a user deleted a moment ago): the caller gets a 404. */
export function isForeignKeyViolation(error: unknown): boolean {
  return some(
    error,
    (code, message) =>
      code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(message),
  );
}

/**
 * The transaction lost a race and may simply be run again: a PostgreSQL deadlock (40P01) or
 * serialization failure (40001), a prepared statement planned before another process's migration
 * changed its columns (its retry is planned afresh, db/statement-names.ts), or SQLite's lock still
 * held by another process after the short busy timeout.
 */
export function isRetryableConflict(error: unknown): boolean {
  return some(error, (code) => code === '40P01' || code === '40001') || isStalePlan(error) || isDatabaseBusy(error);
}

/** PostgreSQL's refusal to run a prepared statement whose result columns changed since it was planned. */
export function isStalePlan(error: unknown): boolean {
  return some(error, (code, message) => code === '0A000' && /cached plan must not change result type/.test(message));
}

/** Another connection holds SQLite's write lock (or a stale snapshot must restart). */
export function isDatabaseBusy(error: unknown): boolean {
  return some(
    error,
    (code, message) =>
      code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || /database is locked/.test(message),
  );
}

/** PostgreSQL cannot be reached, or is shutting down / starting up: the database is down, not our code. */
export function isConnectionFailure(error: unknown): boolean {
  return some(
    error,
    (code, message) =>
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'].includes(code) ||
      // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
      ['57P01', '57P02', '57P03'].includes(code) ||
      /Connection terminated|Client has encountered a connection error|connection timeout/i.test(message),
  );
}

/** SQLite's file cannot be used (unreadable, I/O error, disk full). */
function isStorageFailure(error: unknown): boolean {
  return some(
    error,
    (code) => code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_FULL',
  );
}

/**
 * Why the database cannot answer right now, or null when the error is something else.
 * 'busy': a lock or a saturated pool (the database is up); 'down': it cannot be reached.
 */
export function databaseUnavailability(error: unknown): 'busy' | 'down' | null {
  if (isDatabaseBusy(error)) return 'busy';
  // Every pooled connection stayed busy for the whole acquire timeout: overloaded, not down.
  if (some(error, (_code, message) => /timeout exceeded when trying to connect/.test(message))) return 'busy';
  if (some(error, (code) => code === 'DATABASE_UNAVAILABLE')) return 'down';
  if (isConnectionFailure(error) || isStorageFailure(error)) return 'down';
  return null;
}
