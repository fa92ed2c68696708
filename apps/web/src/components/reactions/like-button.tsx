import { plural, t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { useLike } from '../../lib/reactions/like.ts';
import type { Subject } from '../../lib/reactions/subject.ts';
import { useSession } from '../../lib/session.tsx';
import './reactions.css';

/**
 * The heart and its count. Pressing it shows the change at once and rolls back if the server says
 * no (STYLE.md habit 6); visitors see the count, and the button sends them to sign in.
 */
export function LikeButton({
  subject,
  liked,
  count,
  label,
}: {
  subject: Subject;
  liked: boolean;
  count: number;
  /** What is liked, for screen readers: "Like {label}". */
  label: string;
}) {
  const { user } = useSession();
  const like = useLike(subject);
  const [shown, setShown] = useState({ liked, count });
  const [error, setError] = useState<string | null>(null);
  // A fresher answer from the server (a refetch) replaces what this button last showed.
  useEffect(() => setShown({ liked, count }), [liked, count]);

  const likes = shown.count;
  const words = plural(likes, { one: '# like', other: '# likes' });
  if (!user) return <span className="reaction-count">{words}</span>;

  const toggle = () => {
    const previous = shown;
    const next = !previous.liked;
    setShown({ liked: next, count: Math.max(0, previous.count + (next ? 1 : -1)) });
    setError(null);
    like.mutate(next, {
      onSuccess: (state) => setShown({ liked: state.liked, count: state.likesCount }),
      onError: (failure) => {
        setShown(previous);
        setError(failure.message);
      },
    });
  };

  return (
    <span className="like-button-wrap">
      <button
        type="button"
        className={shown.liked ? 'like-button like-button--on' : 'like-button'}
        aria-pressed={shown.liked}
        disabled={like.isPending}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.6 1.2 5.4 3.2C13.8 6.2 15.3 5 17.4 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z" />
        </svg>
        {/* Named "Like {label}: 3 likes": the visible words are part of the name (WCAG 2.5.3). */}
        <span className="visually-hidden">{t`Like ${label}:`} </span>
        <span>{words}</span>
      </button>
      {error && (
        <span role="alert" className="reaction-error">
          {error}
        </span>
      )}
    </span>
  );
}
