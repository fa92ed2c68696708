import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createS3FileStore, S3_TIMING } from './s3.ts';
import { FileStoreCheckError } from './store.ts';

/** A store that accepts connections and never answers: the case time-outs exist for. */
let connections = 0;
const sockets: net.Socket[] = [];
const silent = net.createServer((socket) => {
  connections += 1;
  sockets.push(socket);
});
let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

function silentStore() {
  const warnings: string[] = [];
  const store = createS3FileStore(
    {
      bucket: 'liner-files',
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    },
    { warn: (_details, message) => warnings.push(message) },
    { ...S3_TIMING, answerMs: 300 },
  );
  return { store, warnings };
}

describe('S3 file store against a store that never answers', () => {
  it('gives up after two attempts and answers 503, logging why', async () => {
    const { store, warnings } = silentStore();
    connections = 0;
    const started = performance.now();
    const error = await store.put('avatars/u1/a.webp', Buffer.from('x')).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
    expect(connections).toBe(2);
    expect(warnings).toEqual(['file store unavailable: ETIMEDOUT']);
    await expect(store.open('avatars/u1/a.webp')).rejects.toMatchObject({ statusCode: 503 });
    await store.close();
  });

  it('reports a check that times out as S3_ENDPOINT out of reach', async () => {
    const { store } = silentStore();
    const error = await store.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileStoreCheckError);
    expect(error).toMatchObject({ variable: 'S3_ENDPOINT', message: `cannot reach ${endpoint} (ETIMEDOUT)` });
    await store.close();
  });

  it('refuses an unsafe key without asking the store', async () => {
    const { store } = silentStore();
    connections = 0;
    expect(await store.open('../liner.db')).toBeNull();
    await expect(store.put('../escape.webp', Buffer.from('x'))).rejects.toThrow('unsafe file key');
    await expect(store.remove('avatars/../../x.webp')).rejects.toThrow('unsafe file key');
    expect(connections).toBe(0);
    await store.close();
  });
});
