import { randomUUID } from 'node:crypto';
import type { ReadCache } from './read-cache.ts';
import type { RedisHandle } from './redis.ts';

/**
 * News one instance tells the others through a Redis channel: `tell` publishes, and every other
 * instance's `hear` gets the parsed message (never its own). A message that cannot be sent (Redis
 * down) is lost; each user bounds by a TTL how long another instance stays unaware.
 */
export function redisNews(
  redis: RedisHandle,
  channel: string,
  hear: (message: Record<string, unknown>) => void,
): (message: Record<string, unknown>) => void {
  const name = `${redis.prefix}${channel}`;
  const self = randomUUID();
  redis.subscribe(name, (text) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    if (!parsed || typeof parsed !== 'object' || (parsed as { from?: unknown }).from === self) return;
    hear(parsed as Record<string, unknown>);
  });
  return (message) => {
    redis.client.publish(name, JSON.stringify({ ...message, from: self })).catch(() => {});
  };
}

/**
 * Read-cache invalidation across instances: each invalidation is published, and every other
 * instance forgets the same keys. A lost message leaves the read cache's TTL (10 s) as the bound.
 */
export function broadcastReadCache(cache: ReadCache, redis: RedisHandle): void {
  let applyRemote: (keys: string[] | null) => void = () => {};
  const tell = redisNews(redis, 'read-cache', ({ keys }) => {
    if (keys === null) applyRemote(null);
    else if (Array.isArray(keys)) applyRemote(keys.filter((key): key is string => typeof key === 'string'));
  });
  applyRemote = cache.broadcast((keys) => tell({ keys }));
}
