import { PROFILE_PLACEHOLDER_PX } from '@liner/shared';
import { useState } from 'react';
import './profile-header.css';

export const PLACEHOLDER_AVATAR = '/default-avatar.svg';

/** Stored picture, else the placeholder; a picture that fails to load falls back too (spec §5). */
export function AvatarImage({
  src,
  alt,
  size = PROFILE_PLACEHOLDER_PX,
}: {
  src: string | null;
  alt: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="avatar-image"
      src={!src || failed ? PLACEHOLDER_AVATAR : src}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
