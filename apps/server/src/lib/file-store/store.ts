import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live. Keys are content-addressed, so files never change.
 * Drivers: disk.ts (DATA_DIR/uploads) and s3.ts (an S3-compatible bucket); index.ts picks one.
 */
export interface FileStore {
  /** Stores the file, or throws: a caller writes nothing that points at a file until this resolves. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file, or null when there is none (or the key is not one we could have written). */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Best effort: called once nothing refers to the file, so a failure only leaves an orphan behind. */
  remove(key: string): Promise<void>;
  /** Resolves when files can be stored; throws a FileStoreCheckError. At start, and for readiness probes. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Why the store cannot be used, and the setting an operator should look at. */
export class FileStoreCheckError extends Error {
  constructor(
    readonly variable: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Where stored files are served (modules/files): a stored file's address is this, then its key. */
export const FILES_PREFIX = '/api/files/';

/** The address a stored file is served at. */
export const fileUrl = (key: string) => `${FILES_PREFIX}${key}`;

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe file key: ${key}`);
}

/** The content types we store, by extension: the files route sends them, the bucket records them. */
export const FILE_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export function contentTypeOf(key: string): string {
  const ext = key.split('.').pop() ?? '';
  return (Object.hasOwn(FILE_TYPES, ext) && FILE_TYPES[ext]) || 'application/octet-stream';
}
