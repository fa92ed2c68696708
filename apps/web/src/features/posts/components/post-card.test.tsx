import type { Post } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
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
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
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

  it("names the post in its author's Delete button", () => {
    renderWithProviders(
      <PostCard post={post({ title: 'Loveless at 33' })} canDelete deleting={false} onDelete={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Delete Loveless at 33' })).toBeVisible();
  });
});
