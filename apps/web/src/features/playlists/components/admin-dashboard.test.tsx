import type { FeaturedPlaylist } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { AdminDashboard } from './admin-dashboard.tsx';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** An in-memory admin API: enough of the server to drive the page. */
let stored: FeaturedPlaylist[];
let calls: Call[];
let refuse: { method: string; status: number; message: string } | null;

function playlist(overrides: Partial<FeaturedPlaylist> = {}): FeaturedPlaylist {
  return {
    id: '37i9dQZF1DXcBWIGoYBM5M',
    spotifyUrl: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
    title: 'Today’s Top Hits',
    description: null,
    type: 'playlist',
    isActive: true,
    imageUrl: null,
    position: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  stored = [];
  calls = [];
  refuse = null;
  stubFetch(({ method, url, path, body: sent }) => {
    // Only the admin playlists API is expected; anything else is unhandled and fails the test.
    if (!path.startsWith('/api/admin/featured-playlists')) return undefined;
    const body = sent as Record<string, string | undefined>;
    calls.push({ method, url, body });
    if (refuse && refuse.method === method) {
      const codes: Record<number, string> = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };
      return json({ error: { code: codes[refuse.status] ?? 'INTERNAL', message: refuse.message } }, refuse.status);
    }
    const id = decodeURIComponent(path.split('/').pop() ?? '');
    if (method === 'GET') return json(stored);
    if (method === 'POST') {
      const created = playlist({
        id: body.spotifyUrl,
        spotifyUrl: `https://open.spotify.com/playlist/${body.spotifyUrl}`,
        title: body.title ?? 'From Spotify',
        description: body.description ?? null,
        position: stored.length,
      });
      stored = [...stored, created];
      return json(created, 201);
    }
    if (method === 'PUT') {
      stored = stored.map((p) => (p.id === id ? { ...p, ...body } : p));
      return json(stored.find((p) => p.id === id));
    }
    if (method === 'DELETE') {
      stored = stored.filter((p) => p.id !== id);
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
});

const admin = makeUser({ role: 'admin' });
// In the toasts' region: an error toast is also repeated in a hidden alert, for screen readers.
const toast = async (text: string) =>
  within(await screen.findByRole('region', { name: 'Notifications' })).findByText(text, {}, { timeout: 2000 });

describe('AdminDashboard', () => {
  it('shows the heading, the form and the empty list', async () => {
    renderWithProviders(<AdminDashboard />, { user: admin });
    expect(screen.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Manage featured playlists on the home page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add Featured Playlist' })).toBeInTheDocument();
    expect(await screen.findByText('No featured playlists yet. Add your first playlist above!')).toBeInTheDocument();
  });

  it("asks for a link with 'Please enter a Spotify playlist URL' and sends nothing", async () => {
    renderWithProviders(<AdminDashboard />, { user: admin });
    await userEvent.type(screen.getByLabelText('Spotify Playlist URL'), '   ');
    await userEvent.type(screen.getByLabelText('Custom Title'), 'A title');
    await userEvent.click(screen.getByRole('button', { name: 'Add Playlist' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a Spotify playlist URL');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends trimmed values, leaves blank ones out, confirms and lists the playlist', async () => {
    renderWithProviders(<AdminDashboard />, { user: admin });
    await screen.findByText(/No featured playlists yet/);
    await userEvent.type(screen.getByLabelText('Spotify Playlist URL'), '  abcdefghijklmnopqrstuv  ');
    await userEvent.type(screen.getByLabelText('Custom Title'), '  Road Trip ');
    await userEvent.type(screen.getByLabelText('Description'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Playlist' }));
    expect((await toast('Playlist added successfully!')).closest('[role="region"]')).not.toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      spotifyUrl: 'abcdefghijklmnopqrstuv',
      title: 'Road Trip',
    });
    const row = (await screen.findByRole('heading', { name: 'Road Trip' })).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('ID: abcdefghijklmnopqrstuv');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: 'View on Spotify' });
    expect(link).toHaveAttribute('href', 'https://open.spotify.com/playlist/abcdefghijklmnopqrstuv');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByLabelText('Spotify Playlist URL')).toHaveValue('');
  });

  it('shows why adding failed', async () => {
    refuse = { method: 'POST', status: 400, message: 'Invalid Spotify playlist URL format' };
    renderWithProviders(<AdminDashboard />, { user: admin });
    await userEvent.type(screen.getByLabelText('Spotify Playlist URL'), 'https://example.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add Playlist' }));
    expect(await toast('Failed to add playlist: Invalid Spotify playlist URL format')).toBeInTheDocument();
    expect(screen.getByLabelText('Spotify Playlist URL')).toHaveValue('https://example.com/x');
  });

  it('flips a playlist between Active and Inactive, and reports a failed toggle', async () => {
    stored = [playlist({ description: 'Big songs.' })];
    renderWithProviders(<AdminDashboard />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: /^Disable/ }));
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/admin/featured-playlists/37i9dQZF1DXcBWIGoYBM5M',
      body: { isActive: false },
    });
    refuse = { method: 'PUT', status: 404, message: 'Playlist not found' };
    await userEvent.click(screen.getByRole('button', { name: /^Enable/ }));
    expect(await toast('Failed to toggle playlist status: Playlist not found')).toBeInTheDocument();
  });

  it('deletes only after confirming in the page, not with window.confirm', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    stored = [playlist()];
    renderWithProviders(<AdminDashboard />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this playlist?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await toast('Playlist deleted successfully!')).toBeInTheDocument();
    expect(await screen.findByText(/No featured playlists yet/)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('reports a failed delete', async () => {
    stored = [playlist()];
    refuse = { method: 'DELETE', status: 404, message: 'Playlist not found' };
    renderWithProviders(<AdminDashboard />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await toast('Failed to delete playlist: Playlist not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("shows 'Access Denied' when the API refuses the user", async () => {
    refuse = { method: 'GET', status: 403, message: "You don't have permission to access this page." };
    renderWithProviders(<AdminDashboard />, { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows the route’s other sections as tabs, the one in ?tab= first, and comes back to playlists', async () => {
    const sections = [{ value: 'members', label: 'Members', content: <p>The members.</p> }];
    renderWithProviders(<AdminDashboard sections={sections} />, { user: admin, path: '/admin?tab=members' });
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Members' })).toHaveTextContent('The members.');
    expect(screen.queryByRole('heading', { name: 'Add Featured Playlist' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Featured playlists' }));
    expect(await screen.findByRole('heading', { name: 'Add Featured Playlist' })).toBeInTheDocument();
    expect(screen.queryByText('The members.')).toBeNull();
  });
});
