import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { CAPTURE_TIMEOUT_MESSAGE, downloadBlob, renderRankingImage } from '../ranking-image.ts';
import { tweetIntentUrl } from '../share.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/card.css';
import './sorter.css';

export interface RankedAlbum {
  name: string | null;
  artists: string[];
  coverUrl: string | null;
}

/** The final card (spec §2, Song sorter) and what can be done with it. */
export function RankingCard({ album, songs }: { album: RankedAlbum; songs: string[] }) {
  const [capturing, setCapturing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The spec's title (§2): 'MY {album name} Ranking', or 'MY Song Ranking' without an album.
  const name = album.name;
  const albumName = name?.trim();
  const title = albumName ? t`MY ${albumName} Ranking` : t`MY Song Ranking`;
  const artists = album.artists.join(', ');

  async function download() {
    setCapturing(true);
    setError(null);
    const host = window.location.host;
    try {
      const blob = await renderRankingImage({
        title,
        albumName: album.name,
        artists,
        songs,
        coverUrl: album.coverUrl,
        footer: t`Ranked on ${host}/sorter`,
      });
      downloadBlob(blob, 'ranking.png');
    } catch (failure) {
      if (!(failure instanceof Error)) setError(t`Could not create the image. Please try again.`);
      else if (failure.message === CAPTURE_TIMEOUT_MESSAGE)
        setError(t`Capturing the image took too long. Please try again.`);
      else setError(failure.message);
    } finally {
      setCapturing(false);
    }
  }

  function share() {
    const url = tweetIntentUrl({ albumName: album.name, topSong: songs[0] ?? null, origin: window.location.origin });
    window.open(url, '_blank', 'noopener,noreferrer');
  }

  return (
    <>
      <article className="card sorter-card ranking-card" aria-labelledby="ranking-title">
        <div className="ranking-card__header">
          {album.coverUrl ? (
            <img
              className="ranking-card__cover"
              src={album.coverUrl}
              alt={name === null ? t`Album cover` : t`${name} cover`}
            />
          ) : (
            <div className="ranking-card__cover ranking-card__cover--empty" aria-hidden="true" />
          )}
          <div>
            <h2 id="ranking-title" className="ranking-card__title">
              {title}
            </h2>
            {album.name && <p className="ranking-card__album">{album.name}</p>}
            {artists && <p className="sorter-muted">{artists}</p>}
          </div>
        </div>
        <ol className="ranking-card__list" aria-label={t`Your ranking`}>
          {songs.map((song, index) => (
            // Titles can repeat on an album; the position cannot.
            // biome-ignore lint/suspicious/noArrayIndexKey: the ranking is fixed once shown
            <li key={index}>{song}</li>
          ))}
        </ol>
      </article>
      <div className="sorter-actions">
        <button type="button" className="btn btn-primary" onClick={download} disabled={capturing}>
          {capturing ? t`Capturing...` : t`Download Image`}
        </button>
        <button type="button" className="btn" onClick={share}>
          {t`Share on Twitter`}
        </button>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {t`Sort Again`}
        </button>
      </div>
      {error && (
        <p className="form-error sorter-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
