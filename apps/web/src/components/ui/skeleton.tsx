import { t } from '@lingui/core/macro';
import type { FetchStatus } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { waitingForConnection } from './pending-state.tsx';
import './skeleton.css';

export const loadingLabel = () => t`Loading…`;

/** The one announcement that content is on its way: read by screen readers, not shown. */
export function LoadingStatus() {
  return (
    <p role="status" className="visually-hidden">
      {loadingLabel()}
    </p>
  );
}

/** A grey block standing where real content will be; `style` gives it the real thing's size. */
export function SkeletonBlock({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}

/**
 * What a region shows while its data has not come: `children` (skeleton blocks the size of the real
 * content, hidden from assistive technology) and one 'Loading…' status for screen readers. When the
 * request waits for the connection (TanStack Query's 'paused') it says so in words instead, as
 * PendingState does, rather than a placeholder that never fills.
 */
export function SkeletonState({
  fetchStatus,
  children,
  className = 'muted',
}: {
  fetchStatus: FetchStatus;
  children: ReactNode;
  className?: string;
}) {
  if (fetchStatus === 'paused') return <p className={className}>{waitingForConnection()}</p>;
  return (
    <>
      <LoadingStatus />
      {children}
    </>
  );
}

/** `count` album-card placeholders (cover, title, artist, year and score), laid out as a carousel row or a grid. */
export function SkeletonCards({ count, layout }: { count: number; layout: 'row' | 'grid' }) {
  return (
    <div className={layout === 'row' ? 'skeleton-row' : 'album-grid'} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <span key={index} className="skeleton-card">
          <SkeletonBlock className="skeleton-card__cover" />
          <SkeletonBlock className="skeleton--text" style={{ width: '80%' }} />
          <SkeletonBlock className="skeleton--text" style={{ width: '55%' }} />
          <SkeletonBlock className="skeleton--text" style={{ width: '35%', height: '0.85em' }} />
        </span>
      ))}
    </div>
  );
}
