import { describeYear, PRODUCT_NAME, YEAR_REVIEW_FIRST, YEAR_REVIEW_LAST } from '@liner/shared';
import { escapeAttribute, escapeText } from 'entities';
import type { YearReviewNeeds } from './index.ts';
import type { YearReviewService } from './year-review.service.ts';

const YEAR_PAGE = /^\/profile\/([^/]+)\/year\/(\d{4})$/;

/**
 * A year page's link preview: Open Graph and Twitter tags naming the year and its picture, for the
 * apps that read a shared address's HTML and run no script. Only a year anyone may read gets them
 * (the reader is signed out); any other address, or a year that is private, gets none, and the page
 * is the app's as always.
 */
export class YearPageHeads {
  constructor(
    private readonly years: YearReviewService,
    private readonly deps: Pick<YearReviewNeeds, 'profiles'> & { publicUrl: string },
  ) {}

  async headFor(pathname: string): Promise<string | null> {
    const match = YEAR_PAGE.exec(pathname);
    if (!match) return null;
    const year = Number(match[2]);
    if (year < YEAR_REVIEW_FIRST || year > YEAR_REVIEW_LAST) return null;
    let name: string;
    try {
      name = decodeURIComponent(match[1] ?? '');
    } catch {
      return null;
    }
    const profile = await this.deps.profiles.getByName(name).catch(() => null);
    if (!profile?.canSeeContent) return null;
    const review = await this.years.summaryOf(null, profile.userId, year);
    const base = this.deps.publicUrl;
    const title = `${profile.displayName}'s ${year} in music`;
    const description = `${describeYear(review)}.`;
    const tags: [string, string, string][] = [
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', PRODUCT_NAME],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', `${base}/profile/${encodeURIComponent(profile.displayName)}/year/${year}`],
      [
        'property',
        'og:image',
        `${base}/api/users/${encodeURIComponent(profile.userId)}/year/${year}/card.png?size=wide`,
      ],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['property', 'og:image:alt', `${title}: ${description}`],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'description', description],
    ];
    return [
      `<title>${escapeText(title)} · ${PRODUCT_NAME}</title>`,
      ...tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeAttribute(value)}" />`),
    ].join('\n    ');
  }
}
