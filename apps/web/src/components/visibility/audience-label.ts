import type { Audience, ListVisibility } from '@liner/shared';
import { t } from '@lingui/core/macro';

/** Who can see something, as its picker and badge name it, in the page's language. */
export function audienceLabel(audience: Audience | ListVisibility): string {
  switch (audience) {
    case 'public':
      return t`Public`;
    case 'followers':
      return t`Followers only`;
    case 'private':
      return t`Only me`;
    case 'unlisted':
      return t`Unlisted`;
  }
}
