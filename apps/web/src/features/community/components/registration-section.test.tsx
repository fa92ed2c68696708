import { INVITE_ALREADY_USED, type Invite, type RegistrationSettings } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { RegistrationSection } from './registration-section.tsx';

// jsdom has no PointerEvent; Base UI's radio makes one when its row is clicked.
if (!('PointerEvent' in window)) Object.assign(window, { PointerEvent: MouseEvent });

let settings: RegistrationSettings;
let calls: { method: string; url: string; body: unknown }[];
let refuseWithdraw: boolean;

const future = new Date(Date.now() + 3 * 86_400_000).toISOString();

function invite(overrides: Partial<Invite> = {}): Invite {
  return {
    code: 'abc123',
    url: 'http://localhost/create-account?invite=abc123',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: future,
    createdBy: { id: 'u1', displayName: 'ana' },
    usedBy: null,
    usedAt: null,
    ...overrides,
  };
}

beforeEach(() => {
  calls = [];
  refuseWithdraw = false;
  settings = {
    mode: 'open',
    configuredMode: 'open',
    changedAt: null,
    invites: [
      invite(),
      invite({
        code: 'used1',
        url: 'http://localhost/create-account?invite=used1',
        usedBy: { id: 'u9', displayName: 'dee' },
        usedAt: '2026-11-21T10:00:00.000Z',
      }),
    ],
  };
  stubFetch(({ method, url, path, body }) => {
    if (!path.startsWith('/api/admin/registration') && !path.startsWith('/api/admin/invites')) return undefined;
    calls.push({ method, url, body });
    if (path === '/api/admin/registration' && method === 'GET') return json(settings);
    if (path === '/api/admin/registration' && method === 'PUT') {
      settings = { ...settings, mode: (body as { mode: RegistrationSettings['mode'] }).mode, changedAt: future };
      return json(settings);
    }
    if (path === '/api/admin/invites' && method === 'POST') {
      const made = invite({ code: 'new999', url: 'http://localhost/create-account?invite=new999' });
      settings = { ...settings, invites: [made, ...settings.invites] };
      return json(made, 201);
    }
    if (method === 'DELETE') {
      if (refuseWithdraw) return json({ error: { code: 'CONFLICT', message: INVITE_ALREADY_USED } }, 409);
      const code = path.split('/').pop();
      settings = { ...settings, invites: settings.invites.filter((i) => i.code !== code) };
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
});

const admin = makeUser({ id: 'u1', name: 'ana', role: 'admin' });

describe('RegistrationSection', () => {
  it('shows the mode as radios with explanations and the environment default, and saves a new one', async () => {
    renderWithProviders(<RegistrationSection />, { user: admin });
    const group = await screen.findByRole('radiogroup', { name: 'Who can create an account' });
    const open = within(group).getByRole('radio', { name: 'Open' });
    expect(open).toHaveAttribute('aria-checked', 'true');
    expect(open).toHaveAccessibleDescription('Anyone can create an account.');
    expect(screen.getByText(/Default from REGISTRATION: Open/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(within(group).getByRole('radio', { name: 'By invitation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: registration is By invitation.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ mode: 'invite' });
    expect(within(group).getByRole('radio', { name: 'By invitation' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('chooses a mode with the arrow keys', async () => {
    renderWithProviders(<RegistrationSection />, { user: admin });
    const open = await screen.findByRole('radio', { name: 'Open' });
    open.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Closed' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('lists invitations with their link, who used them, and makes and withdraws one', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<RegistrationSection />, { user: admin });
    const list = await screen.findByRole('list', { name: 'Invitations' });
    const [unused, used] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(unused).getByRole('textbox')).toHaveValue('http://localhost/create-account?invite=abc123');
    expect(within(unused).getByRole('textbox')).toHaveAttribute('readonly');
    expect(unused).toHaveTextContent('Unused, expires');
    expect(unused).toHaveTextContent('Created by ana');
    expect(used).toHaveTextContent('Used by dee');
    expect(within(used).queryByRole('button', { name: /Withdraw/ })).toBeNull();

    await userEvent.click(within(unused).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/create-account?invite=abc123');
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');

    const days = screen.getByLabelText('Valid for (days)');
    expect(days).toHaveValue(7);
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByDisplayValue('http://localhost/create-account?invite=new999')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ expiresInDays: 3 });

    await userEvent.click(within(unused).getByRole('button', { name: /^Withdraw/ }));
    await waitFor(() => expect(screen.queryByDisplayValue(/invite=abc123/)).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/admin/invites/abc123');
  });

  it('shows why a withdrawal was refused', async () => {
    refuseWithdraw = true;
    renderWithProviders(<RegistrationSection />, { user: admin });
    await userEvent.click(await screen.findByRole('button', { name: /^Withdraw/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITE_ALREADY_USED);
  });
});
