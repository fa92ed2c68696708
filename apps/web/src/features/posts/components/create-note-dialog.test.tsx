import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { CreateNoteDialog } from './create-note-dialog.tsx';

const dialog = <CreateNoteDialog userId="u1" onClose={() => {}} />;

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
      if (call.method === 'POST' && call.path === '/api/posts') {
        return jsonResponse(
          {
            id: 'p1',
            userId: 'u1',
            userDisplayName: 'ana',
            type: 'note',
            title: 'Late night',
            content: 'A thought.',
            album: null,
            rating: null,
            likesCount: 0,
            likedByMe: false,
            commentsCount: 0,
            createdAt: '2026-11-20T00:00:00.000Z',
            updatedAt: '2026-11-20T00:00:00.000Z',
          },
          201,
        );
      }
      return undefined;
    });
    renderWithProviders(dialog, { user: makeUser() });
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Title'), ' Late night ');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Content'), 'A thought. ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('button', { name: 'Create' });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Late night', content: 'A thought.' });
  });
});
