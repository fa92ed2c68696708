import type { YearCardSize, YearReview } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useId, useState } from 'react';

/** The year's picture at either size, as the server draws it. */
export const yearCardUrl = (userId: string, year: number, size: YearCardSize) =>
  `/api/users/${encodeURIComponent(userId)}/year/${year}/card.png?size=${size}`;

/**
 * What the picture shows, in words, for whoever cannot see it: "Ana's 2026 in music: 12 albums
 * rated, 140 songs rated, 3,100 listens; top artist Miles Davis." (the words of `describeYear`).
 */
export function yearCardAlt(name: string, review: YearReview): string {
  const { year, albumsRated, songsRated, listens } = review;
  const artist = review.topArtists[0]?.name;
  return artist
    ? t`${name}'s ${year} in music: ${plural(albumsRated, { one: '# album rated', other: '# albums rated' })}, ${plural(songsRated, { one: '# song rated', other: '# songs rated' })}, ${plural(listens, { one: '# listen', other: '# listens' })}; top artist ${artist}.`
    : t`${name}'s ${year} in music: ${plural(albumsRated, { one: '# album rated', other: '# albums rated' })}, ${plural(songsRated, { one: '# song rated', other: '# songs rated' })}, ${plural(listens, { one: '# listen', other: '# listens' })}.`;
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
  const link = window.location.href;
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
      <h2 id={headingId}>{isOwner ? t`Share your year` : t`Share ${name}'s year`}</h2>
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
            {t`Download for stories (1080×1920)`}
          </a>
          <a className="btn" href={yearCardUrl(userId, review.year, 'wide')} download={`${fileName}.png`}>
            {t`Download for posts (1200×630)`}
          </a>
          <button type="button" className="btn" onClick={() => void copy()}>
            {t`Copy link`}
          </button>
          <p className="year-share__status" role="status">
            {copied === 'yes' ? t`Link copied.` : copied === 'no' ? t`Copy this link: ${link}` : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
