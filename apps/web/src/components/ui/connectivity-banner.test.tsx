import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startNetworkStatus } from '../../lib/network-status.ts';
import { ConnectivityBanner, offlineMessage, onlineMessage } from './connectivity-banner.tsx';

const fire = (type: 'online' | 'offline') => act(() => void window.dispatchEvent(new Event(type)));

// The online state is one for the app (TanStack Query's onlineManager): each test starts online.
afterEach(() => onlineManager.setOnline(true));

describe('ConnectivityBanner', () => {
  it('shows nothing while online', () => {
    render(<ConnectivityBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the offline message when the connection drops', () => {
    render(<ConnectivityBanner />);
    fire('offline');
    expect(screen.getByRole('status')).toHaveTextContent(offlineMessage());
  });

  it('shows the back-online message for 5 seconds after an offline spell', () => {
    vi.useFakeTimers();
    render(<ConnectivityBanner />);
    fire('offline');
    fire('online');
    expect(screen.getByRole('status')).toHaveTextContent(onlineMessage());
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('ignores an online event that was not preceded by offline', () => {
    render(<ConnectivityBanner />);
    fire('online');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes with the close button', async () => {
    render(<ConnectivityBanner />);
    fire('offline');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the offline message at once when the app opens without a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    startNetworkStatus();
    render(<ConnectivityBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(offlineMessage());
    vi.restoreAllMocks();
    fire('online');
    expect(screen.getByRole('status')).toHaveTextContent(onlineMessage());
  });
});
