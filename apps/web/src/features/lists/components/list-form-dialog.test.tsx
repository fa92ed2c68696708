import type { List } from '@liner/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { answerMyProfile } from '../../../testing/my-profile.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { ListOwnerActions } from './list-owner-actions.tsx';
import { NewListButton } from './new-list-button.tsx';

const list = (overrides: Partial<List> = {}): List => ({
  id: 'l1',
  userId: 'u1',
  userDisplayName: 'ana',
  title: 'Late night',
  description: '',
  kind: 'album',
  ranked: false,
  visibility: 'public',
  entriesCount: 0,
  likesCount: 0,
  commentsCount: 0,
  covers: [],
  likedByMe: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  entries: [],
  ...overrides,
});

describe("the list dialog's 'Who can see this'", () => {
  it("starts a new list at the member's default audience and sends the one chosen", async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/lists') return jsonResponse(list(call.body as never), 201);
      return answerMyProfile(call, { defaultAudience: 'private' });
    });
    renderWithProviders(<NewListButton />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'New list' }));
    const picker = screen.getByRole('combobox', { name: 'Who can see this' });
    await waitFor(() => expect(picker).toHaveDisplayValue('Only me'));
    await userEvent.selectOptions(picker, 'Unlisted (anyone with the link)');
    await userEvent.type(screen.getByLabelText('Title'), 'Late night');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Late night',
      description: '',
      kind: 'album',
      ranked: false,
      visibility: 'unlisted',
    });
  });

  it("edits from the list's own audience, without asking for the default", async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'PATCH' && call.path === '/api/lists/l1') {
        return jsonResponse(list({ visibility: 'followers' }));
      }
      return undefined;
    });
    renderWithProviders(<ListOwnerActions list={list({ visibility: 'unlisted' })} canEdit />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Edit list' }));
    const picker = screen.getByRole('combobox', { name: 'Who can see this' });
    expect(picker).toHaveDisplayValue('Unlisted (anyone with the link)');
    await userEvent.selectOptions(picker, 'Followers only');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/lists/l1']);
    expect(calls[0]?.body).toMatchObject({ visibility: 'followers' });
  });
});
