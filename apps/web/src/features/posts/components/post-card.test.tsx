import type { Post } from '@liner/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { PostCard } from './post-card.tsx';

const post = (overrides: Partial<Post>): Post => ({
  id: 'p1',
  userId: 'u1',
  userDisplayName: 'ana',
  type: 'review',
  title: 'Review of Kind of Blue',
  content: 'Cool.',
  album: null,
  rating: 4.5,
  likesCount: 0,
  commentsCount: 0,
  likedByMe: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  visibility: 'public',
  remoteUrl: null,
  boostsCount: 0,
  ...overrides,
});

const card = (p: Post) => <PostCard post={p} canDelete={false} deleting={false} onDelete={() => {}} />;

describe('PostCard', () => {
  it('folds a long review with "Read more", and unfolds it', async () => {
    renderWithProviders(card(post({ content: 'So patient. '.repeat(60) })));
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const content = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(content).toHaveClass('post-card__content--folded');
    await userEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(content).not.toHaveClass('post-card__content--folded');
  });

  it('folds a review of many short lines too', () => {
    renderWithProviders(card(post({ content: 'one\ntwo\nthree\nfour\nfive' })));
    expect(screen.getByRole('button', { name: 'Read more' })).toBeVisible();
  });

  it('shows a short post whole, with no toggle', () => {
    renderWithProviders(card(post({ content: 'Cool, patient, perfect.' })));
    expect(screen.getByText('Cool, patient, perfect.')).not.toHaveClass('post-card__content--folded');
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it('counts boosts from the fediverse, and says nothing when there are none', () => {
    const { unmount } = renderWithProviders(card(post({ boostsCount: 2 })));
    expect(screen.getByText(/2 boosts/)).toBeVisible();
    unmount();
    renderWithProviders(card(post({ boostsCount: 0 })));
    expect(screen.queryByText(/boost/)).not.toBeInTheDocument();
  });

  it('says where a review of another server came from, with a link there, and nothing for ours', () => {
    const { unmount } = renderWithProviders(card(post({ remoteUrl: 'https://social.example/ap/notes/p.0.abc' })));
    expect(screen.getByText(/From the fediverse/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View on social.example' })).toHaveAttribute(
      'href',
      'https://social.example/ap/notes/p.0.abc',
    );
    unmount();
    renderWithProviders(card(post({ remoteUrl: null })));
    expect(screen.queryByText(/From the fediverse/)).not.toBeInTheDocument();
  });

  it('says who can see a post that is not public, and nothing for a public one', () => {
    const { unmount } = renderWithProviders(card(post({ visibility: 'followers' })));
    expect(screen.getByText('Followers only')).toBeVisible();
    unmount();
    renderWithProviders(card(post({ visibility: 'public' })));
    expect(screen.queryByText('Followers only')).not.toBeInTheDocument();
    expect(screen.queryByText('Only me')).not.toBeInTheDocument();
  });

  it('links its title to the post’s own page', () => {
    renderWithProviders(card(post({ id: 'p 7', title: 'Loveless at 33' })));
    expect(screen.getByRole('heading', { name: 'Loveless at 33' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Loveless at 33' })).toHaveAttribute('href', '/post/p%207');
  });

  it("names the post in its author's Delete button", () => {
    renderWithProviders(
      <PostCard post={post({ title: 'Loveless at 33' })} canDelete deleting={false} onDelete={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Delete Loveless at 33' })).toBeVisible();
  });

  it('says a post was edited, and not before', () => {
    const { unmount } = renderWithProviders(card(post({})));
    expect(screen.queryByText('edited')).toBeNull();
    unmount();
    renderWithProviders(card(post({ updatedAt: '2026-11-21T10:00:00.000Z' })));
    expect(screen.getByText('edited')).toBeVisible();
  });

  it("lets the author edit a review's text and rating, and sends only what changed", async () => {
    const calls: FetchCall[] = [];
    const review = post({ album: { id: 'a1', name: 'Kind of Blue', artistName: 'Miles Davis', imageUrl: '/c.svg' } });
    stubFetch((call) => {
      calls.push(call);
      if (call.method === 'PATCH' && call.path === '/api/posts/p1') {
        return jsonResponse({ ...review, content: 'Cooler.', rating: 5, updatedAt: '2026-11-21T10:00:00.000Z' });
      }
      return undefined;
    });
    renderWithProviders(<PostCard post={review} canDelete deleting={false} onDelete={() => {}} />, {
      user: makeUser(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Review of Kind of Blue' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Review' });
    expect(dialog).toBeVisible();
    // A review is titled by its album: only the text and the stars can change.
    expect(screen.queryByLabelText('Title')).toBeNull();
    const text = screen.getByLabelText('Review');
    await userEvent.clear(text);
    await userEvent.type(text, ' Cooler. ');
    const stars = screen.getByRole('slider', { name: 'Your rating of Kind of Blue' });
    stars.focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Review of Kind of Blue' });
    expect(screen.queryByRole('dialog', { name: 'Edit Review' })).toBeNull();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ content: 'Cooler.', rating: 10 });
  });

  it('keeps the dialog open with the reason when the text is blank, and sends nothing', async () => {
    const calls: FetchCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      return undefined;
    });
    renderWithProviders(
      <PostCard
        post={post({ type: 'note', title: 'Late night', rating: null })}
        canDelete
        deleting={false}
        onDelete={() => {}}
      />,
      { user: makeUser() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Late night' }));
    await userEvent.clear(screen.getByLabelText('Content'));
    await userEvent.type(screen.getByLabelText('Content'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Content is required');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });

  it('likes at once, with the count in its name, and rolls back when the server refuses', async () => {
    let refuse = false;
    const calls = stubFetch((call) => {
      if (call.path === '/api/posts/p1/like' && call.method === 'POST') {
        return refuse
          ? jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please slow down.' } }, 429)
          : jsonResponse({ liked: true, likesCount: 3 });
      }
      if (call.path === '/api/posts/p1/like' && call.method === 'DELETE') {
        return jsonResponse({ liked: false, likesCount: 2 });
      }
      return undefined;
    });
    renderWithProviders(card(post({ likesCount: 2 })), { user: makeUser() });
    const heart = screen.getByRole('button', { name: /^Like Review of Kind of Blue/ });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(heart).toHaveAccessibleName('Like Review of Kind of Blue: 3 likes'));
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAccessibleName('Like Review of Kind of Blue: 2 likes'));
    refuse = true;
    await userEvent.click(heart);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please slow down.');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName('Like Review of Kind of Blue: 2 likes');
    expect(calls.filter((c) => c.path === '/api/posts/p1/like').map((c) => c.method)).toEqual([
      'POST',
      'DELETE',
      'POST',
    ]);
  });

  it('shows visitors the count without a button', () => {
    renderWithProviders(card(post({ likesCount: 1 })));
    expect(screen.getByText('1 like')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Like / })).toBeNull();
  });

  it('opens the comments, sends no blank one, and posts a trimmed one', async () => {
    const comment = {
      id: 'c1',
      subjectType: 'post',
      subjectId: 'p1',
      author: { userId: 'u2', displayName: 'bo', pictureUrl: null },
      content: 'So good.',
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
    };
    let posted = false;
    const calls = stubFetch((call) => {
      if (call.path === '/api/posts/p1/comments' && call.method === 'GET') {
        return jsonResponse({
          comments: posted ? [comment, { ...comment, id: 'c2', content: 'Agreed' }] : [comment],
          commentsCount: posted ? 2 : 1,
          nextCursor: null,
        });
      }
      if (call.path === '/api/posts/p1/comments' && call.method === 'POST') {
        posted = true;
        return jsonResponse({ ...comment, id: 'c2', content: 'Agreed' }, 201);
      }
      return undefined;
    });
    renderWithProviders(card(post({ commentsCount: 1 })), { user: makeUser() });
    const toggle = screen.getByRole('button', { name: '1 comment on Review of Kind of Blue' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('So good.')).toBeVisible();
    const box = screen.getByLabelText('Add a comment');
    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.clear(box);
    await userEvent.type(box, '  Agreed  ');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Agreed')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ content: 'Agreed' });
    expect(box).toHaveValue('');
  });
});
