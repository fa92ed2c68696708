import type { Post } from '@liner/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionContext, type SessionUser } from '../../../lib/session.tsx';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser } from '../../../testing/render.tsx';
import { PostPage } from './post-page.tsx';

const review: Post = {
  id: 'p1',
  userId: 'u2',
  userDisplayName: 'bo',
  type: 'review',
  title: 'Kind of Blue',
  content: 'Cool, patient.\nSo What still opens every door.',
  album: { id: 'miles-davis-kind-of-blue', name: 'Kind of Blue', artistName: 'Miles Davis', imageUrl: '/c.svg' },
  rating: 4.5,
  likesCount: 2,
  commentsCount: 0,
  likedByMe: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  visibility: 'public',
  remoteUrl: null,
  boostsCount: 0,
};

const note: Post = {
  ...review,
  id: 'p2',
  type: 'note',
  title: 'On side B',
  content: 'Flip it.',
  album: null,
  rating: null,
  likesCount: 1,
};

let posts: Record<string, Post>;
let calls: FetchCall[];

beforeEach(() => {
  posts = { p1: review, p2: note };
  calls = stubFetch(({ method, path }) => {
    const one = path.match(/^\/api\/posts\/([^/]+)$/);
    if (one && method === 'GET') {
      const found = posts[one[1] ?? ''];
      return found ? json(found) : json({ error: { code: 'POST_NOT_FOUND', message: 'Post not found' } }, 404);
    }
    if (one && method === 'DELETE') return new Response(null, { status: 204 });
    if (method === 'GET' && /^\/api\/posts\/[^/]+\/comments$/.test(path)) {
      return json({ comments: [], commentsCount: 0, nextCursor: null });
    }
    if (method === 'POST' && path === '/api/posts/p2/like') return json({ liked: true, likesCount: 2 });
    return undefined;
  });
});

function Profile() {
  return <h1>Profile of {useParams().username}</h1>;
}

/** The post page at /post/{id} beside a stand-in profile page, as signed in as `user`. */
function renderPost(postId: string, user: SessionUser | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/post/:postId', element: <PostPage postId={postId} /> },
      { path: '/profile/:username', element: <Profile /> },
    ],
    { initialEntries: [`/post/${postId}`] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext.Provider value={{ user, isLoading: false, refetch: async () => {} }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('PostPage', () => {
  it('shows a review: its album, its author, the stars, the text with its line breaks, likes and comments', async () => {
    renderPost('p1');
    expect(await screen.findByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
    expect(screen.getByText('Review', { selector: '.post-card__badge' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Review of Kind of Blue by bo · liner'));
    expect(screen.getByRole('link', { name: 'Kind of Blue' })).toHaveAttribute(
      'href',
      '/album/miles-davis-kind-of-blue',
    );
    expect(screen.getByRole('img', { name: 'Kind of Blue cover' })).toBeVisible();
    expect(screen.getByText('Miles Davis')).toBeVisible();
    expect(screen.getByRole('link', { name: 'bo' })).toHaveAttribute('href', '/profile/bo');
    expect(screen.getByRole('img', { name: "bo's rating: 4.5 of 5 stars" })).toBeVisible();
    const text = screen.getByText(/^Cool, patient\./);
    expect(text.textContent).toBe('Cool, patient.\nSo What still opens every door.');
    expect(text).toHaveClass('post-page__content');
    // A visitor sees the count, and the thread with a way to sign in to it.
    expect(screen.getByText('2 likes')).toBeVisible();
    expect(screen.getByRole('link', { name: '0 comments' })).toHaveAttribute('href', '#post-comments');
    expect(await screen.findByText('No comments yet.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Comments', level: 2 })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('shows a note under its title, without album or stars, and a reader likes it there', async () => {
    renderPost('p2', makeUser({ id: 'u1' }));
    expect(await screen.findByRole('heading', { name: 'On side B', level: 1 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('On side B by bo · liner'));
    expect(screen.getByText('Note', { selector: '.post-card__badge' })).toBeVisible();
    expect(screen.getByText('Flip it.')).toBeVisible();
    expect(screen.queryByRole('img', { name: /rating/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /cover/ })).toBeNull();
    const heart = screen.getByRole('button', { name: 'Like On side B: 1 like' });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAccessibleName('Like On side B: 2 likes'));
    expect(calls.filter((c) => c.path === '/api/posts/p2/like').map((c) => c.method)).toEqual(['POST']);
    expect(screen.getByLabelText('Add a comment')).toBeVisible();
  });

  it("says 'Post not found', in the server's words, for a post that is not there", async () => {
    renderPost('gone');
    expect(await screen.findByRole('heading', { name: 'Post not found', level: 1 })).toBeVisible();
    expect(document.title).toBe('Post not found · liner');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/');
  });

  it('gives its author Edit and Delete; deleting it goes to their profile', async () => {
    renderPost('p1', makeUser({ id: 'u2', name: 'bo' }));
    await screen.findByRole('heading', { name: 'Kind of Blue', level: 1 });
    expect(screen.getByRole('button', { name: 'Edit Kind of Blue' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kind of Blue' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Post' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Kind of Blue"? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Profile of bo' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/posts/p1']);
  });
});
