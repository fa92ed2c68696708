import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { ProfileMusic } from './profile-music.tsx';

const later = (id: string, name: string) => ({
  id,
  name,
  artistName: 'John Coltrane',
  artistId: 'john-coltrane',
  imageUrl: '/c.svg',
  releaseDate: '1960',
  listeners: { count: 0, average: null },
  type: 'album' as const,
  addedAt: '2026-11-20T00:00:00.000Z',
});

function serve() {
  const calls: FetchCall[] = [];
  let list = [later('ls', 'A Love Supreme'), later('gs', 'Giant Steps')];
  stubFetch((call) => {
    calls.push(call);
    if (call.path === '/api/users/u1/collection') return jsonResponse([]);
    if (call.method === 'GET' && call.path === '/api/users/u1/ratelater') return jsonResponse(list);
    if (call.method === 'DELETE' && call.path === '/api/users/me/ratelater/gs') {
      list = list.filter((e) => e.id !== 'gs');
      return jsonResponse(undefined, 204);
    }
    return undefined;
  });
  return calls;
}

describe('ProfileMusic', () => {
  it('lets the owner remove an album from Want to Listen', async () => {
    const calls = serve();
    renderWithProviders(<ProfileMusic userId="u1" isOwner />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Want to Listen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Giant Steps from Want to Listen' }));
    expect(screen.queryByText('Giant Steps')).not.toBeInTheDocument();
    expect(await screen.findByText('A Love Supreme')).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/users/me/ratelater/gs']);
  });

  it("offers no Remove on someone else's list", async () => {
    serve();
    renderWithProviders(<ProfileMusic userId="u1" isOwner={false} />, { user: makeUser({ id: 'u2' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Want to Listen' }));
    expect(await screen.findByText('Giant Steps')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
