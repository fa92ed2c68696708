import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { waitingForConnection } from '../../../components/ui/pending-state.tsx';
import { stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { TopMusic } from './top-music.tsx';

afterEach(() => onlineManager.setOnline(true));

/** The charts never answer: the rows stay pending. */
const neverAnswer = () =>
  stubFetch(({ path }) => (path.startsWith('/api/music/') ? new Promise<Response>(() => {}) : undefined));

describe('TopMusic while its rows load', () => {
  it('shows placeholder cards hidden from screen readers, and one Loading… status per row', () => {
    neverAnswer();
    const { container } = renderWithProviders(<TopMusic />);
    expect(screen.getByRole('heading', { name: 'Top Albums' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['Loading…', 'Loading…']);
    const rows = container.querySelectorAll('.skeleton-row');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('says it is waiting for the connection instead while offline', () => {
    neverAnswer(); // asked only once the connection is back
    onlineManager.setOnline(false);
    const { container } = renderWithProviders(<TopMusic />);
    expect(screen.getAllByText(waitingForConnection())).toHaveLength(2);
    expect(container.querySelector('.skeleton-row')).toBeNull();
  });
});
