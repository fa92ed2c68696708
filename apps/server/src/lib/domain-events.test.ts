import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import { DomainEventBus } from './domain-events.ts';

const notATransaction = {} as Db;
const event = { userId: 'u', albumId: 'a', tenths: 40 };

describe('the domain event bus', () => {
  it('runs within-transaction subscribers in order with the writer, and an error is the writer’s', async () => {
    const bus = new DomainEventBus(() => {});
    const seen: string[] = [];
    bus.within('albumRatingChanged', async (trx, e) => {
      expect(trx).toBe(notATransaction);
      seen.push(`first ${e.albumId}`);
    });
    bus.within('albumRatingChanged', async () => {
      seen.push('second');
    });
    await bus.publish(notATransaction, 'albumRatingChanged', event);
    expect(seen).toEqual(['first a', 'second']);

    bus.within('albumRatingChanged', async () => {
      throw new Error('counter failed');
    });
    await expect(bus.publish(notATransaction, 'albumRatingChanged', event)).rejects.toThrow('counter failed');
  });

  it('reports an after-commit subscriber’s error instead of throwing it, and still runs the others', async () => {
    const report = vi.fn();
    const bus = new DomainEventBus(report);
    const after = vi.fn();
    bus.afterCommit('albumRatingChanged', () => {
      throw new Error('cache down');
    });
    bus.afterCommit('albumRatingChanged', after);
    await bus.publish(notATransaction, 'albumRatingChanged', event);
    expect(after).toHaveBeenCalledWith(event);
    expect(report).toHaveBeenCalledWith(expect.any(Error), 'albumRatingChanged');
  });

  it('lists who listens to what', () => {
    const bus = new DomainEventBus(() => {});
    bus.within('liked', async () => {});
    bus.afterCommit('albumRatingChanged', () => {});
    expect(bus.subscriptions()).toEqual([
      { event: 'albumRatingChanged', within: 0, afterCommit: 1 },
      { event: 'liked', within: 1, afterCommit: 0 },
    ]);
  });
});
