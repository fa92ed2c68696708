import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating } from './star-rating.tsx';

function Controlled({ initial = null, disabled = false }: { initial?: number | null; disabled?: boolean }) {
  const [value, setValue] = useState<number | null>(initial);
  return <StarRating value={value} onChange={setValue} label="Rate So What" disabled={disabled} />;
}

describe('StarRating', () => {
  it('is one slider that screen readers hear as "n of 5 stars"', () => {
    render(<Controlled initial={7} />);
    const slider = screen.getByRole('slider', { name: 'Rate So What' });
    expect(slider).toHaveAttribute('aria-valuetext', '3.5 of 5 stars');
    expect(slider).toHaveAttribute('tabindex', '0');
  });

  it('moves by half a star with the arrow keys and clears below half a star', async () => {
    render(<Controlled initial={null} />);
    const slider = screen.getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '1.5 of 5 stars');
    await userEvent.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuetext', '5 of 5 stars');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuetext', 'No rating, out of 5 stars');
  });

  it('picks half or whole stars from where it is clicked, and a second click on the value clears it', () => {
    render(<Controlled />);
    const slider = screen.getByRole('slider');
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 100,
      top: 0,
      height: 20,
      right: 100,
      bottom: 20,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.click(slider, { clientX: 65 }); // 7th half star
    expect(slider).toHaveAttribute('aria-valuetext', '3.5 of 5 stars');
    fireEvent.click(slider, { clientX: 65 });
    expect(slider).toHaveAttribute('aria-valuetext', 'No rating, out of 5 stars');
  });

  it('ignores input when disabled', async () => {
    const onChange = vi.fn();
    render(<StarRating value={4} onChange={onChange} label="x" disabled />);
    const slider = screen.getByRole('slider');
    fireEvent.click(slider, { clientX: 5 });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(onChange).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute('tabindex', '-1');
  });
});
