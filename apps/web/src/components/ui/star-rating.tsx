import { STAR_COUNT } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { intlLocale } from '../../lib/i18n/i18n.ts';
import './star-rating.css';

const MAX = STAR_COUNT * 2;
const POSITIONS = Array.from({ length: STAR_COUNT }, (_, i) => i + 1);

/** "3.5 of 5 stars" ("3,5 von 5 Sternen"): a mean of song ratings keeps two decimals at most. */
export function starsOutOfFive(stars: number): string {
  const count = new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 2 }).format(stars);
  const max = STAR_COUNT;
  return t`${count} of ${max} stars`;
}

function describe(halfStars: number | null): string {
  const max = STAR_COUNT;
  if (!halfStars) return t`No rating, out of ${max} stars`;
  return starsOutOfFive(halfStars / 2);
}

function Star({ fill }: { fill: 0 | 0.5 | 1 }) {
  return (
    <svg className="star" viewBox="0 0 24 24" aria-hidden="true">
      <defs>
        <linearGradient id={`half-${fill}`}>
          <stop offset={fill === 0.5 ? '50%' : fill === 1 ? '100%' : '0%'} stopColor="currentColor" />
          <stop offset={fill === 0.5 ? '50%' : fill === 1 ? '100%' : '0%'} stopColor="var(--color-star-empty)" />
        </linearGradient>
      </defs>
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={fill === 1 ? 'currentColor' : fill === 0 ? 'var(--color-star-empty)' : `url(#half-${fill})`}
      />
    </svg>
  );
}

export function Stars({ halfStars }: { halfStars: number | null }) {
  const value = halfStars ?? 0;
  return (
    <>
      {POSITIONS.map((position) => {
        const fill = value >= position * 2 ? 1 : value >= position * 2 - 1 ? 0.5 : 0;
        return <Star key={position} fill={fill} />;
      })}
    </>
  );
}

/**
 * The one star control (DESIGN.md decision 9): half-star steps, one keyboard stop, arrow keys move
 * by half a star, screen readers hear 'n of 5 stars'. Clicking the selected value clears it.
 * `value` is in half stars (1–10) or null.
 */
export function StarRating({
  value,
  onChange,
  label,
  disabled = false,
  size = 'md',
}: {
  value: number | null;
  onChange: (halfStars: number | null) => void;
  label: string;
  disabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const [hover, setHover] = useState<number | null>(null);
  // Keys repeat faster than a save round-trips: the control keeps its own value and follows the prop.
  const [current, setCurrent] = useState(value);
  useEffect(() => setCurrent(value), [value]);
  const shown = hover ?? current;
  const change = (next: number | null) => {
    setCurrent(next);
    onChange(next);
  };

  const fromPointer = (event: { clientX: number; currentTarget: HTMLDivElement }): number => {
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 0.9999);
    return Math.floor(fraction * MAX) + 1;
  };

  // A finger (or pressed mouse) dragged across the row previews the value under it and sets it
  // where it is lifted; a tap that does not move sets the half star under it, or clears the value
  // when that is the one already chosen.
  const drag = useRef<{ pointerId: number; start: number; moved: boolean } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const start = fromPointer(event);
    drag.current = { pointerId: event.pointerId, start, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setHover(start);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    const at = fromPointer(event);
    const pressed = drag.current;
    if (pressed && pressed.pointerId === event.pointerId) {
      if (at !== pressed.start) pressed.moved = true;
      setHover(at);
    } else if (event.pointerType === 'mouse') {
      setHover(at);
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const pressed = drag.current;
    if (!pressed || pressed.pointerId !== event.pointerId) return;
    drag.current = null;
    const picked = fromPointer(event);
    if (event.pointerType !== 'mouse') setHover(null);
    change(!pressed.moved && picked === current ? null : picked);
  };
  const onPointerCancel = () => {
    drag.current = null;
    setHover(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const now = current ?? 0;
    let next: number | null | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = Math.min(MAX, now + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = now - 1 >= 1 ? now - 1 : null;
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = MAX;
    else if (event.key === 'Delete' || event.key === 'Backspace' || event.key === '0') next = null;
    if (next === undefined) return;
    event.preventDefault();
    if (next !== current) change(next);
  };

  return (
    <div
      className={`star-rating star-rating--${size}${disabled ? ' star-rating--disabled' : ''}${hover !== null ? ' star-rating--hover' : ''}`}
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={STAR_COUNT}
      aria-valuenow={(current ?? 0) / 2}
      aria-valuetext={describe(current)}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onPointerLeave={() => {
        if (!drag.current) setHover(null);
      }}
    >
      <Stars halfStars={shown} />
    </div>
  );
}

/**
 * A read-only star display, e.g. the album rating. With `showLabel` the title is also written
 * beside the stars (spec §4: "a read-only star display titled 'Album Rating'"); screen readers hear
 * it once, in the image's name.
 */
export function StarDisplay({
  stars,
  label,
  showLabel = false,
}: {
  stars: number | null;
  label: string;
  showLabel?: boolean;
}) {
  const halfStars = stars === null ? null : Math.round(stars * 2);
  const display = (
    <div
      className="star-rating star-rating--lg star-rating--readonly"
      role="img"
      aria-label={stars === null ? t`${label}: not rated` : t`${label}: ${starsOutOfFive(stars)}`}
      title={label}
    >
      <Stars halfStars={halfStars} />
    </div>
  );
  if (!showLabel) return display;
  return (
    <span className="star-display">
      <span className="star-display__label" aria-hidden="true">
        {label}
      </span>
      {display}
    </span>
  );
}
