import type { AlbumCommunity } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { userMessage } from '../../../lib/api-client.ts';
import { listenersCount } from '../../../lib/catalog/format.ts';
import { useRevealScores } from '../api/spoiler-free.ts';

/**
 * The Ratings section of a spoiler-free member who has not rated the album: how many listened,
 * not what they thought, and "Show anyway" to see the scores of this album before rating it.
 */
export function HiddenScores({ community }: { community: AlbumCommunity }) {
  const reveal = useRevealScores(community.albumId);
  const { count } = community.listeners;
  return (
    <section className="album-side-section album-ratings" aria-labelledby="album-ratings-heading">
      <h2 id="album-ratings-heading">{t`Ratings`}</h2>
      {count > 0 && <p className="album-ratings__summary">{listenersCount(count)}</p>}
      <p className="muted">{t`Scores are hidden until you rate this album (spoiler-free scores, in Settings).`}</p>
      <button type="button" className="btn" disabled={reveal.isPending} onClick={() => reveal.mutate(true)}>
        {t`Show anyway`}
      </button>
      {reveal.isError && (
        <p className="form-error" role="alert">
          {t`The scores could not be shown: ${userMessage(reveal.error, t`Please try again.`)}`}
        </p>
      )}
    </section>
  );
}
