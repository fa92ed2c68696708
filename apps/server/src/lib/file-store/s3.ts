import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/env.ts';
import { AppError } from '../errors.ts';
import { assertSafeKey, contentTypeOf, type FileStore, FileStoreCheckError, isSafeKey } from './store.ts';

/** What the driver logs through: the app's pino logger, or the CLI's. */
export interface FileStoreLog {
  warn(object: object, message: string): void;
}

/** How long the driver waits for the store: a store that is down answers 503 in seconds, not minutes. */
export interface S3Timing {
  /** A TCP connection to the store takes this long at most. */
  connectMs: number;
  /** Each attempt has this long to get the answer's headers; a file's body then streams at its own pace. */
  answerMs: number;
  /** A body that stops arriving for this long is cut off rather than holding a request open. */
  idleMs: number;
  /** One retry for a dropped connection, a time-out or a 5xx, no more. */
  attempts: number;
}

export const S3_TIMING: S3Timing = { connectMs: 2000, answerMs: 5000, idleMs: 30_000, attempts: 2 };

/** What a refused client is told (Retry-After): about when a restarted store is back. */
const RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE = 'File storage is unavailable. Please try again shortly.';

type SdkError = Partial<S3ServiceException> & NodeJS.ErrnoException;

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2, Ceph…), still served through our origin by
 * the files route. A store that is down or a bucket that is gone is a 503, never a 404 or 500.
 */
export function createS3FileStore(config: S3Config, log: FileStoreLog, timing: S3Timing = S3_TIMING): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    maxAttempts: timing.attempts,
    requestHandler: {
      connectionTimeout: timing.connectMs,
      requestTimeout: timing.answerMs,
      throwOnRequestTimeout: true,
      socketTimeout: timing.idleMs,
    },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // default ones, and a content-addressed key already says what the bytes are.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const where = config.endpoint ?? `AWS S3 (${config.region})`;

  const unavailable = (error: unknown, operation: string, key?: string) => {
    log.warn({ err: error, bucket: Bucket, key, operation }, `file store unavailable: ${describe(error)}`);
    return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  };

  return {
    async put(key, bytes) {
      assertSafeKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentTypeOf(key) }));
      } catch (error) {
        throw unavailable(error, 'put', key);
      }
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) {
          throw new Error('GetObject answered without a streamed body and its length');
        }
        return { stream: answer.Body, size: answer.ContentLength };
      } catch (error) {
        // Only a missing object is a missing file: a missing bucket is an outage.
        if ((error as SdkError).name === 'NoSuchKey') return null;
        throw unavailable(error, 'open', key);
      }
    },
    async remove(key) {
      assertSafeKey(key);
      // Deleting a missing object succeeds in S3, so an error here is the store's.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        log.warn({ err: error, bucket: Bucket, key }, `file left in the bucket: ${describe(error)}`);
      });
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw checkError(error, Bucket, where);
      }
    },
    async close() {
      client.destroy();
    },
  };
}

/** One line an operator can act on: which setting, and what the store said. */
function checkError(error: unknown, bucket: string, where: string): FileStoreCheckError {
  const e = error as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const problem = (variable: string, message: string) => new FileStoreCheckError(variable, message, { cause: error });
  if (status === 404) return problem('S3_BUCKET', `bucket "${bucket}" does not exist at ${where}`);
  if (status === 401 || status === 403) {
    return problem('S3_ACCESS_KEY_ID', `access to bucket "${bucket}" at ${where} was refused (${status})`);
  }
  if (status === 301 || status === 400) {
    return problem('S3_REGION', `bucket "${bucket}" at ${where} answered ${status}: is it in another region?`);
  }
  if (status) return problem('S3_ENDPOINT', `bucket "${bucket}" at ${where} answered ${status}`);
  if (e.name === 'CredentialsProviderError') {
    return problem(
      'S3_ACCESS_KEY_ID',
      'no credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or give the process an AWS role',
    );
  }
  return problem('S3_ENDPOINT', `cannot reach ${where} (${describe(error)})`);
}

function describe(error: unknown): string {
  const e = error as SdkError;
  const status = e.$metadata?.httpStatusCode;
  if (status) return `${e.name ?? 'error'} (${status})`;
  return e.code ?? e.name ?? String(error);
}
