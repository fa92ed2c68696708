import { CANNOT_MODERATE_ADMIN, type Member } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FetchHandler, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { MembersSection } from './members-section.tsx';

/** An in-memory members API: enough of the server to drive the list. */
let stored: Member[];
let calls: { method: string; url: string }[];
let refuse: { status: number; code: string; message: string } | null;

function member(overrides: Partial<Member> = {}): Member {
  return {
    id: 'u2',
    displayName: 'bea',
    email: 'bea@example.com',
    emailVerified: true,
    role: 'user',
    joinedAt: '2026-11-01T10:00:00.000Z',
    suspendedAt: null,
    postCount: 3,
    ratingCount: 1,
    ...overrides,
  };
}

const totals = () => ({
  members: stored.length,
  joinedLast7Days: 1,
  joinedLast30Days: 2,
  suspended: stored.filter((m) => m.suspendedAt).length,
});

/** An in-memory members API: enough of the server to drive the list. */
const membersApi: FetchHandler = ({ method, url, path }) => {
  if (!path.startsWith('/api/admin/members')) return undefined;
  calls.push({ method, url });
  if (method === 'GET') {
    const params = new URL(url, 'http://localhost').searchParams;
    const q = params.get('q') ?? '';
    const cursor = params.get('cursor');
    let list = stored.filter((m) => m.displayName.includes(q) || m.email.includes(q));
    if (params.get('status') === 'suspended') list = list.filter((m) => m.suspendedAt);
    // Two a page, so "Load more" has something to do.
    const start = cursor ? Number(cursor) : 0;
    const page = list.slice(start, start + 2);
    const next = start + 2 < list.length ? String(start + 2) : null;
    return json({ members: page, nextCursor: next, totals: totals() });
  }
  if (refuse) return json({ error: { code: refuse.code, message: refuse.message } }, refuse.status);
  const id = path.split('/')[4];
  if (path.endsWith('/suspension')) {
    stored = stored.map((m) =>
      m.id === id ? { ...m, suspendedAt: method === 'PUT' ? '2026-11-20T00:00:00.000Z' : null } : m,
    );
    return json(stored.find((m) => m.id === id));
  }
  stored = stored.filter((m) => m.id !== id);
  return new Response(null, { status: 204 });
};

beforeEach(() => {
  calls = [];
  refuse = null;
  stored = [
    member({ id: 'u1', displayName: 'ana', email: 'ana@example.com', role: 'admin' }),
    member(),
    member({ id: 'u3', displayName: 'cai', email: 'cai@example.com', emailVerified: false }),
  ];
  stubFetch(membersApi);
});

const admin = makeUser({ id: 'u1', name: 'ana', role: 'admin' });
const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

describe('MembersSection', () => {
  it('shows the totals and the members, page by page', async () => {
    renderWithProviders(<MembersSection />, { user: admin });
    const totalsList = await screen.findByRole('list', { name: 'Members' });
    expect(within(totalsList).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Joined in the last 7 days').nextSibling).toHaveTextContent('1');
    const bea = await rowOf('bea');
    expect(bea).toHaveTextContent('bea@example.com verified');
    expect(bea).toHaveTextContent('3 posts');
    expect(bea).toHaveTextContent('1 rating');
    expect(within(bea).getByRole('link', { name: 'bea' })).toHaveAttribute('href', '/profile/bea');
    // No actions on yourself (an admin too).
    const ana = await rowOf('ana');
    expect(within(ana).getByText('You')).toBeInTheDocument();
    expect(within(ana).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await rowOf('cai')).toHaveTextContent('not verified');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.at(-1)?.url).toBe('/api/admin/members?cursor=2');
  });

  it('searches by name or e-mail and filters to the suspended', async () => {
    stored[2] = { ...(stored[2] as Member), suspendedAt: '2026-11-10T00:00:00.000Z' };
    renderWithProviders(<MembersSection />, { user: admin });
    await rowOf('bea');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'cai@');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'bea' })).toBeNull());
    expect(calls.some((c) => c.url === '/api/admin/members?q=cai%40')).toBe(true);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search members' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Suspended only' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/members?status=suspended'));
    const cai = await rowOf('cai');
    expect(cai).toHaveTextContent('Suspended since');
    expect(within(cai).getByRole('button', { name: 'Lift suspension of cai' })).toBeInTheDocument();
  });

  it('suspends only after a confirmation naming the person, then lifts it', async () => {
    renderWithProviders(<MembersSection />, { user: admin });
    await userEvent.click(within(await rowOf('bea')).getByRole('button', { name: 'Suspend bea' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend bea?' });
    expect(dialog).toHaveTextContent('bea will be signed out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await userEvent.click(within(await rowOf('bea')).getByRole('button', { name: 'Suspend bea' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('bea is suspended.');
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/api/admin/members/u2/suspension');
    const lift = await within(await rowOf('bea')).findByRole('button', { name: 'Lift suspension of bea' });
    await userEvent.click(lift);
    expect(await screen.findByRole('status')).toHaveTextContent("bea's suspension is lifted.");
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/admin/members/u2/suspension');
  });

  it("shows a suspension at once, from the server's answer, before the list is read again", async () => {
    renderWithProviders(<MembersSection />, { user: admin });
    const row = await rowOf('bea');
    // From here the list's reads never answer: only the suspension's own answer can move the row.
    stubFetch((call) => (call.method === 'GET' ? new Promise<Response>(() => {}) : membersApi(call)));
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend bea' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('status')).toHaveTextContent('bea is suspended.');
    expect(await within(await rowOf('bea')).findByText(/Suspended since/)).toBeInTheDocument();
    expect(within(await rowOf('bea')).getByRole('button', { name: 'Lift suspension of bea' })).toBeInTheDocument();
  });

  it('deletes an account after confirming and shows a refusal in the server’s words', async () => {
    renderWithProviders(<MembersSection />, { user: admin });
    await userEvent.click(within(await rowOf('bea')).getByRole('button', { name: 'Delete account of bea' }));
    const dialog = screen.getByRole('alertdialog', { name: "Delete bea's account?" });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('status')).toHaveTextContent("bea's account is deleted.");
    await waitFor(() => expect(screen.queryByRole('link', { name: 'bea' })).toBeNull());

    refuse = { status: 403, code: 'FORBIDDEN', message: CANNOT_MODERATE_ADMIN };
    await userEvent.click(within(await rowOf('cai')).getByRole('button', { name: 'Suspend cai' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CANNOT_MODERATE_ADMIN);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
