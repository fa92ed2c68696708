import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './network-status.ts';

afterEach(() => onlineManager.setOnline(true));

describe('loadWhenOnline', () => {
  it('loads again once the connection is back when loading failed offline', async () => {
    onlineManager.setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('page');
    const loaded = loadWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    onlineManager.setOnline(true);
    await expect(loaded).resolves.toBe('page');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails as before when online', async () => {
    const error = new Error('broken chunk');
    await expect(loadWhenOnline(() => Promise.reject(error))).rejects.toBe(error);
  });
});
