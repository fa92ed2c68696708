import { t } from '@lingui/core/macro';
import { useState } from 'react';
import './cover-image.css';

/** The intrinsic size given to the browser: CSS sets the shown size, this reserves a square box. */
const COVER_PX = 300;

/**
 * A square album cover with the spec's fallback box ('No Image Available' / 'Image failed to load').
 * Loaded lazily and decoded off the main thread; `eager` for the one cover that is the page's
 * largest content (the album page's).
 */
export function CoverImage({
  src,
  alt,
  className = 'cover-image',
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={`${className} cover-image--fallback`} role="img" aria-label={alt}>
        {failed ? t`Image failed to load` : t`No Image Available`}
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={COVER_PX}
      height={COVER_PX}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
