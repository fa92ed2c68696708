import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConnectivityBanner, OFFLINE_MESSAGE, ONLINE_MESSAGE } from './connectivity-banner.tsx';

const fire = (type: 'online' | 'offline') => act(() => void window.dispatchEvent(new Event(type)));

describe('ConnectivityBanner', () => {
  it('shows nothing while online', () => {
    render(<ConnectivityBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the offline message when the connection drops', () => {
    render(<ConnectivityBanner />);
    fire('offline');
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
  });

  it('shows the back-online message for 5 seconds after an offline spell', () => {
    vi.useFakeTimers();
    render(<ConnectivityBanner />);
    fire('offline');
    fire('online');
    expect(screen.getByRole('status')).toHaveTextContent(ONLINE_MESSAGE);
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
});
