import { useState } from 'react';
import './cover-image.css';

/** A square album cover with the spec's fallback box ('No Image Available' / 'Image failed to load'). */
export function CoverImage({
  src,
  alt,
  className = 'cover-image',
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={`${className} cover-image--fallback`} role="img" aria-label={alt}>
        {failed ? 'Image failed to load' : 'No Image Available'}
      </div>
    );
  }
  return <img className={className} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />;
}
