import path from 'node:path';
import { type AppConfig, ConfigError } from '../../config/env.ts';
import { createDiskFileStore } from './disk.ts';
import type { FileStoreLog } from './s3.ts';
import { type FileStore, FileStoreCheckError } from './store.ts';

export type { FileStoreLog } from './s3.ts';
export {
  assertSafeKey,
  contentTypeOf,
  FILE_TYPES,
  FILES_PREFIX,
  type FileStore,
  FileStoreCheckError,
  fileUrl,
  isSafeKey,
} from './store.ts';

/**
 * The bucket when S3_BUCKET is set, DATA_DIR/uploads otherwise. The S3 driver is imported only
 * then: loading the AWS SDK costs about 0.2 s of start-up, wasted without a bucket (ADR 28).
 */
export async function createFileStore(
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  log: FileStoreLog,
): Promise<FileStore> {
  if (!config.s3) return createDiskFileStore(path.join(config.dataDir, 'uploads'));
  const { createS3FileStore } = await import('./s3.ts');
  return createS3FileStore(config.s3, log);
}

/**
 * The store, checked: a bucket that is missing or out of reach stops start-up with one line naming
 * the setting (a ConfigError, printed as the other bad settings are), not with the first upload.
 */
export async function openFileStore(config: Pick<AppConfig, 'dataDir' | 's3'>, log: FileStoreLog): Promise<FileStore> {
  const store = await createFileStore(config, log);
  try {
    await store.check();
  } catch (error) {
    await store.close();
    if (error instanceof FileStoreCheckError) throw new ConfigError(`Invalid ${error.variable}: ${error.message}`);
    throw error;
  }
  return store;
}
