import { describeYear, type YearCardSize, type YearReview } from '@liner/shared';
import { useId, useState } from 'react';

/** The year's picture at either size, as the server draws it. */
export const yearCardUrl = (userId: string, year: number, size: YearCardSize) =>
  `/api/users/${encodeURIComponent(userId)}/year/${year}/card.png?size=${size}`;

/** What the picture shows, in words, for whoever cannot see it. */
export function yearCardAlt(name: string, review: YearReview): string {
  return `${name}'s ${review.year} in music: ${describeYear(review)}.`;
}

/**
 * The year as a picture to post: a preview of the link card, each size to download, and the page's
 * address to copy (where the browser allows the clipboard; otherwise the address is shown to copy).
 */
export function YearShare({
  userId,
  name,
  review,
  isOwner,
}: {
  userId: string;
  name: string;
  review: YearReview;
  isOwner: boolean;
}) {
  const headingId = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const fileName = `${name}-${review.year}-in-music`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section className="card year-section year-section--wide year-share" aria-labelledby={headingId}>
      <h2 id={headingId}>{isOwner ? 'Share your year' : `Share ${name}'s year`}</h2>
      <div className="year-share__body">
        <img
          className="year-share__preview"
          src={yearCardUrl(userId, review.year, 'wide')}
          alt={yearCardAlt(name, review)}
          width={1200}
          height={630}
          loading="lazy"
        />
        <div className="year-share__actions">
          <a
            className="btn btn-primary"
            href={yearCardUrl(userId, review.year, 'story')}
            download={`${fileName}-story.png`}
          >
            Download for stories (1080×1920)
          </a>
          <a className="btn" href={yearCardUrl(userId, review.year, 'wide')} download={`${fileName}.png`}>
            Download for posts (1200×630)
          </a>
          <button type="button" className="btn" onClick={() => void copy()}>
            Copy link
          </button>
          <p className="year-share__status" role="status">
            {copied === 'yes' ? 'Link copied.' : copied === 'no' ? `Copy this link: ${window.location.href}` : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
