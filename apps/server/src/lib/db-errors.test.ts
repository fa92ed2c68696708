import { describe, expect, it } from 'vitest';
import {
  databaseUnavailability,
  isForeignKeyViolation,
  isRetryableConflict,
  isStalePlan,
  isUniqueViolation,
} from './db-errors.ts';

const driverError = (code: string, message = code) => Object.assign(new Error(message), { code });
/** How Better Auth rethrows a failed query. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed to get session'), { status: 500, cause });

describe('database errors', () => {
  it('recognises only the stale-plan refusal', () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(isStalePlan(stale)).toBe(true);
    // Retried by withTransaction, like a deadlock.
    expect(isRetryableConflict(stale)).toBe(true);
    expect(isStalePlan(Object.assign(new Error('feature not supported'), { code: '0A000' }))).toBe(false);
    expect(isStalePlan(Object.assign(new Error('cached plan must not change result type'), { code: '42P01' }))).toBe(
      false,
    );
    expect(isStalePlan(undefined)).toBe(false);
  });

  it('recognises constraint violations on both dialects, through a wrapping error', () => {
    expect(isUniqueViolation(driverError('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped(driverError('SQLITE_CONSTRAINT_UNIQUE')))).toBe(true);
    expect(isForeignKeyViolation(driverError('23503'))).toBe(true);
    expect(isForeignKeyViolation(driverError('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBe(true);
    expect(isForeignKeyViolation(driverError('23505'))).toBe(false);
  });

  it('retries deadlocks, serialization failures and a busy SQLite, nothing else', () => {
    for (const code of ['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']) {
      expect(isRetryableConflict(driverError(code)), code).toBe(true);
    }
    expect(isRetryableConflict(driverError('23503'))).toBe(false);
  });

  it('tells a busy database from one that is down, and both from a bug', () => {
    expect(databaseUnavailability(driverError('SQLITE_BUSY', 'database is locked'))).toBe('busy');
    expect(databaseUnavailability(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(databaseUnavailability(wrapped(driverError('ECONNREFUSED')))).toBe('down');
    expect(databaseUnavailability(new Error('Connection terminated unexpectedly'))).toBe('down');
    expect(databaseUnavailability(new Error('Connection terminated due to connection timeout'))).toBe('down');
    expect(databaseUnavailability(driverError('57P01'))).toBe('down');
    expect(databaseUnavailability(driverError('DATABASE_UNAVAILABLE'))).toBe('down');
    expect(databaseUnavailability(new TypeError('x is undefined'))).toBe(null);
    expect(databaseUnavailability(driverError('23505'))).toBe(null);
  });
});
