import { CAROUSEL_DRAG_THRESHOLD_PX, CAROUSEL_EDGE_ZONE_PX, CAROUSEL_SCROLL_FRACTION } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type ReactNode, useRef, useState } from 'react';
import './carousel.css';

const ARROWS = { left: { direction: -1, glyph: '‹' }, right: { direction: 1, glyph: '›' } } as const;

/**
 * A horizontal row of cards (spec §2, §9): drag with the mouse (touch scrolls natively) — a drag of
 * more than 8px is never a click — and arrows that appear within 100px of an edge and scroll 80% of
 * the width. Every card is a link, so the row is reachable and scrollable from the keyboard.
 */
export function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; scroll: number; moved: boolean; id: number } | null>(null);
  const suppressClick = useRef(false);
  const [edge, setEdge] = useState<'left' | 'right' | null>(null);

  const scrollByPage = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * CAROUSEL_SCROLL_FRACTION, behavior: 'smooth' });
  };

  const canScroll = (direction: 'left' | 'right') => {
    const el = track.current;
    if (!el) return false;
    return direction === 'left' ? el.scrollLeft > 0 : el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  };

  return (
    <section className="carousel" aria-label={label}>
      <div
        className="carousel__viewport"
        onPointerMove={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          const x = event.clientX - box.left;
          setEdge(x < CAROUSEL_EDGE_ZONE_PX ? 'left' : x > box.width - CAROUSEL_EDGE_ZONE_PX ? 'right' : null);
        }}
        onPointerLeave={() => setEdge(null)}
      >
        {/* Keyboard users Tab through the cards, which the browser scrolls into view; the pointer
            handlers add mouse dragging on top. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is a pointer-only enhancement of a scrollable row */}
        <div
          ref={track}
          className="carousel__track"
          onPointerDown={(event) => {
            if (event.pointerType !== 'mouse' || event.button !== 0) return;
            drag.current = {
              x: event.clientX,
              scroll: event.currentTarget.scrollLeft,
              moved: false,
              id: event.pointerId,
            };
          }}
          onPointerMove={(event) => {
            const state = drag.current;
            if (!state) return;
            const dx = event.clientX - state.x;
            if (!state.moved && Math.abs(dx) > CAROUSEL_DRAG_THRESHOLD_PX) {
              state.moved = true;
              event.currentTarget.setPointerCapture(state.id);
            }
            if (state.moved) event.currentTarget.scrollLeft = state.scroll - dx;
          }}
          onPointerUp={() => {
            suppressClick.current = Boolean(drag.current?.moved);
            drag.current = null;
          }}
          onPointerCancel={() => {
            drag.current = null;
          }}
          onClickCapture={(event) => {
            // The click that ends a drag is not a click on a card.
            if (suppressClick.current) {
              event.preventDefault();
              event.stopPropagation();
              suppressClick.current = false;
            }
          }}
          onDragStart={(event) => event.preventDefault()}
        >
          {children}
        </div>
        {edge && canScroll(edge) && (
          <button
            key={edge}
            type="button"
            className={`carousel__arrow carousel__arrow--${edge}`}
            aria-label={edge === 'left' ? t`Scroll ${label} left` : t`Scroll ${label} right`}
            onClick={() => scrollByPage(ARROWS[edge].direction)}
          >
            {ARROWS[edge].glyph}
          </button>
        )}
      </div>
    </section>
  );
}
