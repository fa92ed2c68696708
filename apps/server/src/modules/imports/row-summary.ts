import type { ParsedRow } from './formats/types.ts';

/** What a row carries, in the words the progress page shows beside it. */
export function rowSummary(row: ParsedRow): string {
  switch (row.kind) {
    case 'album': {
      const parts: string[] = [];
      if (row.rating !== null) parts.push(`Rated ${row.rating / 2} ${row.rating === 2 ? 'star' : 'stars'}`);
      if (row.review) parts.push(parts.length ? 'with a review' : 'A review');
      if (row.rating === null && !row.review) {
        parts.push(
          row.ownership === 'wishlist'
            ? 'On your wishlist'
            : row.ownership === 'owned'
              ? 'Owned, not rated'
              : 'Not rated',
        );
      }
      return parts.join(', ');
    }
    case 'listens': {
      const plays = `${row.plays} ${row.plays === 1 ? 'play' : 'plays'}`;
      const first = row.days[0];
      const last = row.days[row.days.length - 1];
      if (row.days.length === 1) return `${plays} on ${first}`;
      return `${plays} on ${row.days.length} days, ${first} to ${last}`;
    }
    case 'loved':
      return row.track ? `Loved “${row.track}”` : `Loved recording ${row.recordingMbid ?? ''}`.trim();
    case 'bad':
      return 'Could not be read';
  }
}
