import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { answerMyProfile } from '../../../testing/my-profile.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { CreateNoteDialog } from './create-note-dialog.tsx';

const dialog = <CreateNoteDialog userId="u1" onClose={() => {}} />;

const note = (body: { title: string; content: string; visibility?: string }) => ({
  id: 'p1',
  userId: 'u1',
  userDisplayName: 'ana',
  type: 'note',
  album: null,
  rating: null,
  likesCount: 0,
  likedByMe: false,
  commentsCount: 0,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  visibility: 'public',
  ...body,
});

// The picker starts from the member's default audience, read from their own profile.
beforeEach(() => {
  stubFetch((call) => answerMyProfile(call));
});

describe('CreateNoteDialog', () => {
  it('stops the title at 100 characters, counting an emoji as one', async () => {
    renderWithProviders(dialog, { user: makeUser() });
    const title = screen.getByLabelText('Title');
    await userEvent.click(title);
    await userEvent.paste(`${'🎷'.repeat(60)}${'a'.repeat(60)}`);
    expect(title).toHaveValue(`${'🎷'.repeat(60)}${'a'.repeat(40)}`);
    expect(screen.getByText('100/100')).toBeVisible();
    await userEvent.type(title, 'b');
    expect(title).toHaveValue(`${'🎷'.repeat(60)}${'a'.repeat(40)}`);
  });

  it("says 'Title is required' for a title of only spaces, and sends nothing", async () => {
    renderWithProviders(dialog, { user: makeUser() });
    await userEvent.type(screen.getByLabelText('Title'), '   ');
    await userEvent.type(screen.getByLabelText('Content'), 'A thought.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required');
  });

  it("says 'Content is required' for content of only spaces", async () => {
    renderWithProviders(dialog, { user: makeUser() });
    await userEvent.type(screen.getByLabelText('Title'), 'Late night');
    await userEvent.type(screen.getByLabelText('Content'), '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Content is required');
  });

  it('keeps Create disabled while a field is empty, and sends trimmed values', async () => {
    const calls: FetchCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      if (call.method === 'POST' && call.path === '/api/posts') return jsonResponse(note(call.body as never), 201);
      return answerMyProfile(call);
    });
    renderWithProviders(dialog, { user: makeUser() });
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Title'), ' Late night ');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Content'), 'A thought. ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('button', { name: 'Create' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Late night',
      content: 'A thought.',
      visibility: 'public',
    });
  });

  it("starts 'Who can see this' at the member's default audience and sends the one chosen", async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/posts') return jsonResponse(note(call.body as never), 201);
      return answerMyProfile(call, { defaultAudience: 'followers' });
    });
    renderWithProviders(dialog, { user: makeUser() });
    const picker = screen.getByRole('combobox', { name: 'Who can see this' });
    await waitFor(() => expect(picker).toHaveDisplayValue('Followers only'));
    expect(screen.getByRole('option', { name: 'Public' })).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription('Only people who follow you');
    await userEvent.selectOptions(picker, 'Only me');
    await userEvent.type(screen.getByLabelText('Title'), 'Diary');
    await userEvent.type(screen.getByLabelText('Content'), 'Just for me.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: 'Diary',
        content: 'Just for me.',
        visibility: 'private',
      }),
    );
  });

  it("sends no audience while the default is still loading, so the server applies the member's own", async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/posts') return jsonResponse(note(call.body as never), 201);
      if (call.method === 'GET' && call.path === '/api/users/me/profile') return new Promise<Response>(() => {});
      return undefined;
    });
    renderWithProviders(dialog, { user: makeUser() });
    expect(screen.getByRole('combobox', { name: 'Who can see this' })).toHaveDisplayValue('Public');
    await userEvent.type(screen.getByLabelText('Title'), 'Quick');
    await userEvent.type(screen.getByLabelText('Content'), 'One.');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Quick', content: 'One.' }),
    );
  });
});
