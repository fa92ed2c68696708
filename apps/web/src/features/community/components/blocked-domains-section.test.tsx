import type { BlockedDomain } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { BlockedDomainsSection } from './blocked-domains-section.tsx';

let domains: BlockedDomain[];

beforeEach(() => {
  domains = [{ domain: 'spam.example', people: 3, createdAt: '2026-11-20T10:00:00.000Z' }];
  stubFetch(({ method, path }) => {
    if (path === '/api/admin/federation/blocked-domains' && method === 'GET') return json({ domains });
    const match = /^\/api\/admin\/federation\/blocked-domains\/(.+)$/.exec(path);
    if (!match?.[1]) return undefined;
    const domain = decodeURIComponent(match[1]);
    if (domain === 'not a server') {
      return json({ error: { code: 'BAD_REQUEST', message: 'Enter a server name like example.social' } }, 400);
    }
    if (method === 'PUT') domains = [...domains, { domain, people: 0, createdAt: '2026-11-28T10:00:00.000Z' }];
    if (method === 'DELETE') domains = domains.filter((d) => d.domain !== domain);
    return json({ domains });
  });
});

const NAME = '.community-domains__name';
const admin = makeUser({ id: 'u1', name: 'ana', role: 'admin' });

describe('BlockedDomainsSection', () => {
  it('lists the blocked servers, blocks another and unblocks one', async () => {
    renderWithProviders(<BlockedDomainsSection />, { user: admin });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('spam.example', { selector: NAME })).toBeVisible();
    expect(within(list).getByText(/3 people known/)).toBeVisible();

    await userEvent.type(screen.getByLabelText('Block a server'), 'Trolls.Example');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Blocked trolls.example.')).toBeVisible();
    expect(within(screen.getByRole('list')).getByText('trolls.example', { selector: NAME })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock spam.example' }));
    expect(await screen.findByText('Unblocked spam.example.')).toBeVisible();
    expect(within(screen.getByRole('list')).queryByText('spam.example', { selector: NAME })).toBeNull();
  });

  it("shows the server's refusal of a name that is not a server's", async () => {
    renderWithProviders(<BlockedDomainsSection />, { user: admin });
    await userEvent.type(await screen.findByLabelText('Block a server'), 'not a server');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Enter a server name like example.social')).toBeVisible();
  });
});
