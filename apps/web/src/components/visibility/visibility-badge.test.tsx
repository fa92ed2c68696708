import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisibilityBadge } from './visibility-badge.tsx';

describe('VisibilityBadge', () => {
  it('shows nothing for a public item', () => {
    const { container } = render(<VisibilityBadge visibility="public" />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    ['followers', 'Followers only'],
    ['private', 'Only me'],
    ['unlisted', 'Unlisted'],
  ] as const)('says in words who can see a %s item', (visibility, words) => {
    render(<VisibilityBadge visibility={visibility} />);
    expect(screen.getByText(words)).toBeVisible();
    // The icon only repeats the words: nothing else is read out.
    expect(screen.getByText(words).querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
