import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StarDisplay, StarRating } from './star-rating.tsx';

function Controlled({ initial = null, disabled = false }: { initial?: number | null; disabled?: boolean }) {
  const [value, setValue] = useState<number | null>(initial);
  return <StarRating value={value} onChange={setValue} label="Rate So What" disabled={disabled} />;
}

// jsdom has no PointerEvent: without one, fireEvent.pointerDown would drop clientX and pointerId.
// (Stubbed before each test: the shared setup unstubs globals after each.)
class PointerEventPolyfill extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
beforeEach(() => {
  if (!('PointerEvent' in window)) vi.stubGlobal('PointerEvent', PointerEventPolyfill);
});

/** Lays the slider out 100 px wide, so each half star is 10 px. */
function box(slider: HTMLElement) {
  vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({
    left: 0,
    width: 100,
    top: 0,
    height: 24,
    right: 100,
    bottom: 24,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
}

let pointerId = 100;
function tap(slider: HTMLElement, clientX: number, pointerType = 'touch') {
  pointerId += 1;
  fireEvent.pointerDown(slider, { pointerId, pointerType, clientX, button: 0 });
  fireEvent.pointerUp(slider, { pointerId, pointerType, clientX, button: 0 });
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

  it('picks half or whole stars from where it is tapped, and a second tap on the value clears it', () => {
    render(<Controlled />);
    const slider = screen.getByRole('slider');
    box(slider);
    tap(slider, 65); // 7th half star
    expect(slider).toHaveAttribute('aria-valuetext', '3.5 of 5 stars');
    tap(slider, 65);
    expect(slider).toHaveAttribute('aria-valuetext', 'No rating, out of 5 stars');
    tap(slider, 5, 'mouse');
    expect(slider).toHaveAttribute('aria-valuetext', '0.5 of 5 stars');
  });

  it('follows a finger dragged across the row and keeps the value where it is lifted', () => {
    const onChange = vi.fn();
    render(<StarRating value={7} onChange={onChange} label="Rate So What" />);
    const slider = screen.getByRole('slider');
    box(slider);
    fireEvent.pointerDown(slider, { pointerId: 1, pointerType: 'touch', clientX: 15 }); // 2nd half star
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'touch', clientX: 45 });
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'touch', clientX: 65 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(slider, { pointerId: 1, pointerType: 'touch', clientX: 65 });
    // Lifted on the value it already had: a drag sets it, it does not clear it as a tap would.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(7);
    fireEvent.pointerDown(slider, { pointerId: 2, pointerType: 'touch', clientX: 65 });
    fireEvent.pointerMove(slider, { pointerId: 2, pointerType: 'touch', clientX: 250 }); // past the end: 5 stars
    fireEvent.pointerUp(slider, { pointerId: 2, pointerType: 'touch', clientX: 250 });
    expect(onChange).toHaveBeenLastCalledWith(10);
  });

  it('drops a drag the browser takes over (a vertical scroll)', () => {
    const onChange = vi.fn();
    render(<StarRating value={null} onChange={onChange} label="Rate So What" />);
    const slider = screen.getByRole('slider');
    box(slider);
    fireEvent.pointerDown(slider, { pointerId: 1, pointerType: 'touch', clientX: 15 });
    fireEvent.pointerCancel(slider, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(slider, { pointerId: 1, pointerType: 'touch', clientX: 15 });
    expect(onChange).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute('aria-valuetext', 'No rating, out of 5 stars');
  });

  it('ignores input when disabled', async () => {
    const onChange = vi.fn();
    render(<StarRating value={4} onChange={onChange} label="x" disabled />);
    const slider = screen.getByRole('slider');
    box(slider);
    tap(slider, 5);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(onChange).not.toHaveBeenCalled();
    expect(slider).toHaveAttribute('tabindex', '-1');
  });
});

describe('StarDisplay', () => {
  it('writes its title beside the stars when asked, and screen readers hear it once', () => {
    render(<StarDisplay stars={4.5} label="Album Rating" showLabel />);
    expect(screen.getByText('Album Rating')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Album Rating: 4.5 of 5 stars' })).toBeVisible();
  });
});
