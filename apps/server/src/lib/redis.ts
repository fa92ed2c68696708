import type { Redis } from 'ioredis';

/**
 * The process's Redis (REDIS_URL): shared rate limits, Better Auth's session storage
 * and read-cache invalidation across instances (ADR 29). Redis is an accelerator and a meeting
 * point, never the only copy of anything: while it is down, commands fail at once (no queue, no
 * waiting) and each caller falls back, and the connection is retried in the background until it
 * is back, without a restart.
 */
export interface RedisHandle {
  /** Commands. Fails immediately while disconnected. */
  client: Redis;
  /** Every key and channel of this site starts with it (REDIS_KEY_PREFIX). */
  prefix: string;
  /** Listens to a channel on a second connection (subscriber mode), re-subscribing after an outage. */
  subscribe(channel: string, onMessage: (message: string) => void): void;
  /** Called each time the command connection comes back after being lost. */
  onReconnect(listener: () => void): void;
  /** Resolves when Redis answers a PING. */
  ping(): Promise<void>;
  /** Resolves once connected (at once if already), rejects after `timeoutMs`: for one-off tools. */
  connected(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** A command slower than this is treated as Redis being down. */
const COMMAND_TIMEOUT_MS = 1000;

const OPTIONS = {
  connectTimeout: 2000,
  commandTimeout: COMMAND_TIMEOUT_MS,
  // While disconnected, refuse commands at once: a request falls back instead of waiting.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  // Retry forever, backing off to every 2 s: recovery needs no restart.
  retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2000),
};

export async function connectRedis(url: string, prefix: string, log: Logger): Promise<RedisHandle> {
  // Loaded only when REDIS_URL is set: a single instance does not pay for it at start-up.
  const { Redis } = await import('ioredis');
  // ioredis reads the URL itself (redis:// or rediss://, user, password, database number).
  const client = new Redis(url, OPTIONS);
  // Subscribing waits for the connection (and ioredis subscribes again after each reconnection).
  const subscriber = new Redis(url, {
    ...OPTIONS,
    commandTimeout: undefined,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });
  const reconnectListeners: Array<() => void> = [];
  let everReady = false;
  let down = false;

  client.on('ready', () => {
    if (down) log.info({}, 'Redis is reachable again');
    down = false;
    if (everReady) for (const listener of reconnectListeners) listener();
    everReady = true;
  });
  // ioredis emits 'error' on every failed attempt; one line per outage is enough.
  const onError = (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: error.message } }, 'Redis is unreachable: falling back until it is back');
  };
  client.on('error', onError);
  subscriber.on('error', () => {});

  const channels = new Map<string, (message: string) => void>();
  subscriber.on('message', (channel: string, message: string) => channels.get(channel)?.(message));

  return {
    client,
    prefix,
    subscribe(channel, onMessage) {
      channels.set(channel, onMessage);
      // Not awaited: with Redis down at start, the subscription waits for it, the start does not.
      subscriber.subscribe(channel).catch(() => {});
    },
    onReconnect(listener) {
      reconnectListeners.push(listener);
    },
    async ping() {
      await client.ping();
    },
    connected(timeoutMs) {
      if (client.status === 'ready') return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve();
        };
        client.once('ready', onReady);
      });
    },
    async close() {
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
