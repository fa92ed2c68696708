import { randomUUID } from 'node:crypto';
import type { ReadCache } from './read-cache.ts';
import type { RedisHandle } from './redis.ts';

/**
 * Read-cache invalidation across instances: each invalidation is published on one
 * Redis channel, and every other instance forgets the same keys. A message that cannot be sent
 * (Redis down) is lost; the read cache's TTL (10 s) then bounds how long other instances serve
 * the stale answer.
 */
export function broadcastReadCache(cache: ReadCache, redis: RedisHandle): void {
  const channel = `${redis.prefix}read-cache`;
  const self = randomUUID();
  const applyRemote = cache.broadcast((keys) => {
    redis.client.publish(channel, JSON.stringify({ from: self, keys })).catch(() => {});
  });
  redis.subscribe(channel, (message) => {
    let parsed: { from?: unknown; keys?: unknown };
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (parsed.from === self) return;
    if (parsed.keys === null) applyRemote(null);
    else if (Array.isArray(parsed.keys))
      applyRemote(parsed.keys.filter((key): key is string => typeof key === 'string'));
  });
}
