import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at this server's bucket. */
  env: Record<string, string>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  /** An object as the bucket holds it. */
  read(key: string): Promise<{ bytes: Buffer; contentType?: string }>;
  /** Empties and deletes the bucket, as an operator might by mistake. */
  deleteBucket(): Promise<void>;
  createBucket(): Promise<void>;
  /** Stops the server (the port refuses connections); start() brings it back with its files. */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * s3rver, a pure-JS S3 server, in the test's own process: on a free loopback port, keeping its
 * objects in a temporary directory, so it can be stopped and started again with them.
 */
export async function startS3Server(bucket = 'liner-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'liner-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    const instance = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
    port = (await instance.run()).port;
    server = instance;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).flatMap((o) =>
      o.Key ? [o.Key] : [],
    );
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
    },
    keys,
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { bytes: Buffer.from((await answer.Body?.transformToByteArray()) ?? []), contentType: answer.ContentType };
    },
    async deleteBucket() {
      for (const Key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    },
    async createBucket() {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    },
    async stop() {
      await server?.close();
      server = undefined;
    },
    start,
    async dispose() {
      client.destroy();
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
