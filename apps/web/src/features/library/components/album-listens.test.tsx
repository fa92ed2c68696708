import { type Listen, todayUtc } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { AlbumListens } from './album-listens.tsx';

const listen = (id: string, listenedOn: string, relisten = false): Listen => ({
  id,
  userId: 'u1',
  albumId: 'kob',
  listenedOn,
  relisten,
  createdAt: '2026-11-26T10:00:00.000Z',
});

/** The listens API of one album, kept in memory as the server would. */
function serve(initial: Listen[]): FetchCall[] {
  let listens = [...initial];
  return stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/albums/kob/listens/mine') return jsonResponse(listens);
    if (method === 'POST' && path === '/api/albums/kob/listens') {
      const { listenedOn = todayUtc(), relisten = false } = body as Partial<Listen>;
      const created = listen(`l${listens.length + 1}`, listenedOn, relisten);
      listens = [created, ...listens].sort((a, b) => b.listenedOn.localeCompare(a.listenedOn));
      return jsonResponse(created, 201);
    }
    const one = path.match(/^\/api\/listens\/(\w+)$/);
    if (method === 'DELETE' && one) {
      listens = listens.filter((l) => l.id !== one[1]);
      return jsonResponse(undefined, 204);
    }
    if (method === 'PATCH' && one) {
      const found = listens.find((l) => l.id === one[1]);
      if (!found) return undefined;
      const changed = { ...found, ...(body as Partial<Listen>) };
      listens = listens
        .map((l) => (l === found ? changed : l))
        .sort((a, b) => b.listenedOn.localeCompare(a.listenedOn));
      return jsonResponse(changed);
    }
    return undefined;
  });
}

describe("the album page's 'Your listens'", () => {
  it('lists your listens with their days and relisten marks, and deletes one', async () => {
    const calls = serve([listen('a', '2024-03-15', true), listen('b', '1959-08-17')]);
    renderWithProviders(<AlbumListens albumId="kob" albumName="Kind of Blue" />, { user: makeUser() });
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['15 Mar 2024RelistenEditDelete', '17 Aug 1959EditDelete']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete listen of 17 August 1959' }));
    await waitFor(() => expect(screen.queryByText('17 Aug 1959')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/listens/b')).toBe(true);
  });

  it("logs a listen from the dialog: today by default, a past day and 'Relisten' when chosen", async () => {
    const calls = serve([]);
    renderWithProviders(<AlbumListens albumId="kob" albumName="Kind of Blue" />, { user: makeUser() });
    expect(await screen.findByText("You haven't logged a listen of this album yet.")).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Log a listen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a listen' });
    const day = within(dialog).getByLabelText('Listened on');
    expect(day).toHaveValue(todayUtc());
    await userEvent.clear(day);
    await userEvent.type(day, '2024-03-15');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Relisten' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log listen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ listenedOn: '2024-03-15', relisten: true });
    expect(await screen.findByText('15 Mar 2024')).toBeVisible();
  });

  it("refuses a day in the future with the server's words, sending nothing", async () => {
    const calls = serve([]);
    renderWithProviders(<AlbumListens albumId="kob" albumName="Kind of Blue" />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Log a listen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a listen' });
    const day = within(dialog).getByLabelText('Listened on');
    await userEvent.clear(day);
    await userEvent.type(day, '2999-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log listen' }));
    expect(await within(dialog).findByText('A listen cannot be in the future')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("edits a listen's day and relisten flag from its 'Edit', sending only what changed", async () => {
    const calls = serve([listen('a', '2024-03-15', true), listen('b', '1959-08-17')]);
    renderWithProviders(<AlbumListens albumId="kob" albumName="Kind of Blue" />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit listen of 17 August 1959' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit listen' });
    const day = within(dialog).getByLabelText('Listened on');
    expect(day).toHaveValue('1959-08-17');
    expect(within(dialog).getByRole('checkbox', { name: 'Relisten' })).not.toBeChecked();
    await userEvent.clear(day);
    await userEvent.type(day, '2025-01-02');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Relisten' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('/api/listens/b');
    expect(patch?.body).toEqual({ listenedOn: '2025-01-02', relisten: true });
    // Refetched through the listens key: the edited listen is now the newest.
    await waitFor(() =>
      expect(
        within(screen.getByRole('list'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['2 Jan 2025RelistenEditDelete', '15 Mar 2024RelistenEditDelete']),
    );
  });

  it("refuses a future day or no change with the contract's words, sending nothing", async () => {
    const calls = serve([listen('a', '2024-03-15')]);
    renderWithProviders(<AlbumListens albumId="kob" albumName="Kind of Blue" />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit listen of 15 March 2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit listen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Nothing to change')).toBeVisible();
    const day = within(dialog).getByLabelText('Listened on');
    await userEvent.clear(day);
    await userEvent.type(day, '2999-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A listen cannot be in the future')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
