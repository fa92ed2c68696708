import type { BlockedDomain, SilencedPerson } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { BlockedDomainsSection } from './blocked-domains-section.tsx';

// jsdom has no PointerEvent; Base UI's radio makes one when its row is clicked.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: MouseEvent });

let domains: BlockedDomain[];
let silenced: SilencedPerson[];
/** What the section's PUTs asked for, by domain. */
let asked: Record<string, unknown>;

beforeEach(() => {
  domains = [{ domain: 'spam.example', severity: 'block', people: 3, createdAt: '2026-11-20T10:00:00.000Z' }];
  silenced = [
    { userId: 'r1', displayName: 'troll@loud.example', pictureUrl: null, silencedAt: '2026-11-21T10:00:00.000Z' },
  ];
  asked = {};
  stubFetch(({ method, path, body }) => {
    if (path === '/api/admin/federation/blocked-domains' && method === 'GET') return json({ domains });
    if (path === '/api/admin/federation/silenced-people' && method === 'GET') return json({ people: silenced });
    const person = /^\/api\/admin\/federation\/silenced-people\/(.+)$/.exec(path);
    if (person?.[1]) {
      const handle = decodeURIComponent(person[1]);
      if (handle === 'nobody@nowhere.example') {
        return json(
          { error: { code: 'NOT_FOUND', message: 'No one of another server is known here by that address' } },
          404,
        );
      }
      if (method === 'PUT') {
        silenced = [
          ...silenced,
          { userId: 'r2', displayName: handle, pictureUrl: null, silencedAt: '2026-11-28T10:00:00.000Z' },
        ];
      }
      if (method === 'DELETE') silenced = silenced.filter((p) => p.displayName !== handle);
      return json({ people: silenced });
    }
    const match = /^\/api\/admin\/federation\/blocked-domains\/(.+)$/.exec(path);
    if (!match?.[1]) return undefined;
    const domain = decodeURIComponent(match[1]);
    if (domain === 'not a server') {
      return json({ error: { code: 'BAD_REQUEST', message: 'Enter a server name like example.social' } }, 400);
    }
    if (method === 'PUT') {
      asked[domain] = body;
      const severity = (body as { severity: BlockedDomain['severity'] }).severity;
      domains = [...domains, { domain, severity, people: 0, createdAt: '2026-11-28T10:00:00.000Z' }];
    }
    if (method === 'DELETE') domains = domains.filter((d) => d.domain !== domain);
    return json({ domains });
  });
});

const NAME = '.community-domains__name';
const admin = makeUser({ id: 'u1', name: 'ana', role: 'admin' });

describe('BlockedDomainsSection', () => {
  it('lists the blocked servers, blocks another and unblocks one', async () => {
    renderWithProviders(<BlockedDomainsSection />, { user: admin });
    // The servers' list comes first, the silenced people's after it.
    const [list] = await screen.findAllByRole('list');
    if (!list) throw new Error('no list');
    expect(within(list).getByText('spam.example', { selector: NAME })).toBeVisible();
    expect(within(list).getByText('Blocked')).toBeVisible();
    expect(within(list).getByText(/3 people known/)).toBeVisible();

    await userEvent.type(screen.getByLabelText('Block or silence a server'), 'Trolls.Example');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Blocked trolls.example.')).toBeVisible();
    expect(asked['trolls.example']).toEqual({ severity: 'block' });
    expect(within(list).getByText('trolls.example', { selector: NAME })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Unblock spam.example' }));
    expect(await screen.findByText('Unblocked spam.example.')).toBeVisible();
    expect(within(list).queryByText('spam.example', { selector: NAME })).toBeNull();
  });

  it('silences a server when Silence is chosen, and lifts it', async () => {
    renderWithProviders(<BlockedDomainsSection />, { user: admin });
    const field = await screen.findByLabelText('Block or silence a server');
    const form = field.closest('form');
    if (!form) throw new Error('no form');
    await userEvent.type(field, 'loud.example');
    await userEvent.click(within(form).getByRole('radio', { name: /Silence/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Silence' }));
    expect(await screen.findByText('Silenced loud.example.')).toBeVisible();
    expect(asked['loud.example']).toEqual({ severity: 'silence' });
    await userEvent.click(screen.getByRole('button', { name: 'Lift silence loud.example' }));
    expect(await screen.findByText('Lifted the silence of loud.example.')).toBeVisible();
  });

  it('lists silenced people, silences another, lifts one, and shows a refusal', async () => {
    renderWithProviders(<BlockedDomainsSection />, { user: admin });
    const people = await screen.findByRole('list', { name: 'Silenced people' });
    expect(within(people).getByRole('link', { name: 'troll@loud.example' })).toHaveAttribute(
      'href',
      '/profile/troll%40loud.example',
    );
    const field = screen.getByLabelText('Silence a person of another server');
    await userEvent.type(field, '@pest@loud.example');
    await userEvent.click(screen.getByRole('button', { name: 'Silence' }));
    expect(await screen.findByText('Silenced pest@loud.example.')).toBeVisible();
    expect(within(people).getByRole('link', { name: 'pest@loud.example' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Lift silence of troll@loud.example' }));
    expect(await screen.findByText('Lifted the silence of troll@loud.example.')).toBeVisible();
    expect(within(people).queryByRole('link', { name: 'troll@loud.example' })).toBeNull();

    await userEvent.type(field, 'nobody@nowhere.example');
    await userEvent.click(screen.getByRole('button', { name: 'Silence' }));
    expect(await screen.findByText('No one of another server is known here by that address')).toBeVisible();
  });

  it("shows the server's refusal of a name that is not a server's", async () => {
    renderWithProviders(<BlockedDomainsSection />, { user: admin });
    await userEvent.type(await screen.findByLabelText('Block or silence a server'), 'not a server');
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Enter a server name like example.social')).toBeVisible();
  });
});
