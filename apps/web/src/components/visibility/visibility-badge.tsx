import type { ListVisibility } from '@liner/shared';
import { audienceLabel } from './audience-label.ts';
import './visibility.css';

/** A padlock for an audience narrowed to people; a chain link for a list reached only by its address. */
function Icon({ visibility }: { visibility: Exclude<ListVisibility, 'public'> }) {
  if (visibility === 'unlisted') {
    return (
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path
          d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 01-3.5-3.5L5.5 8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M5 7V5a3 3 0 016 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
    </svg>
  );
}

/**
 * Who can see a review, note or list, shown wherever it is not public: the words carry it (the icon
 * only repeats them), so it reads the same without colour or sight.
 */
export function VisibilityBadge({ visibility }: { visibility: ListVisibility }) {
  if (visibility === 'public') return null;
  return (
    <span className="visibility-badge">
      <Icon visibility={visibility} />
      {audienceLabel(visibility)}
    </span>
  );
}
