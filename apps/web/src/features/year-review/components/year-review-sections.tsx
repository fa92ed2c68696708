import type { YearAlbum, YearReview } from '@liner/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { plural, sentenceCase } from '../../../lib/catalog/format.ts';
import { paths } from '../../../lib/paths.ts';
import { MonthRhythm } from './month-rhythm.tsx';

/** "★ 4.5", read as "rated 4.5". */
function Rating({ stars }: { stars: number }) {
  return (
    <span className="year-rating">
      <span className="visually-hidden">rated </span>
      <span aria-hidden="true">★ </span>
      {stars.toFixed(1)}
    </span>
  );
}

function Section({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`card year-section${wide ? ' year-section--wide' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** A row of album tiles: cover, title (the link), artist and what the section says of it. */
function AlbumShelf({ entries }: { entries: { album: YearAlbum; detail: ReactNode }[] }) {
  return (
    <ol className="year-albums">
      {entries.map(({ album, detail }) => (
        <li key={album.id} className="year-album">
          <CoverImage src={album.imageUrl} alt={`${album.name} cover`} />
          <Link to={paths.album(album.id)} className="year-album__title">
            {album.name}
          </Link>
          <span className="year-album__artist muted">{album.artistName}</span>
          <span className="year-album__detail">{detail}</span>
        </li>
      ))}
    </ol>
  );
}

/** Everything the year holds, section by section; a section with nothing in it is left out. */
export function YearReviewSections({ review }: { review: YearReview }) {
  return (
    <div className="year-sections">
      <Section title="Month by month" wide>
        <MonthRhythm months={review.months} />
      </Section>
      {review.topAlbums.length > 0 && (
        <Section title="Top albums" wide>
          <AlbumShelf
            entries={review.topAlbums.map(({ album, listens, rating }) => ({
              album,
              detail: (
                <>
                  {listens > 0 && <span>{plural(listens, 'listen')}</span>}
                  {rating !== null && <Rating stars={rating} />}
                </>
              ),
            }))}
          />
        </Section>
      )}
      {review.topSongs.length > 0 && (
        <Section title="Top songs">
          <ol className="year-rows">
            {review.topSongs.map((song) => (
              <li key={song.id} className="year-row">
                <CoverImage src={song.album.imageUrl} alt="" className="cover-image year-row__cover" />
                <span className="year-row__main">
                  <span className="year-row__title">{song.title}</span>
                  <span className="muted">
                    <Link to={paths.album(song.album.id)}>{song.album.name}</Link> · {song.album.artistName}
                  </span>
                </span>
                <Rating stars={song.rating} />
              </li>
            ))}
          </ol>
        </Section>
      )}
      {review.topArtists.length > 0 && (
        <Section title="Top artists">
          <ol className="year-rows">
            {review.topArtists.map((artist) => (
              <li key={artist.id} className="year-row">
                <span className="year-row__main">
                  <Link to={paths.artist(artist.id)} className="year-row__title">
                    {artist.name}
                  </Link>
                </span>
                <span className="muted">{plural(artist.listens, 'listen')}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {review.topGenres.length > 0 && (
        <Section title="Top genres">
          <ol className="year-rows">
            {review.topGenres.map((genre) => (
              <li key={genre.slug} className="year-row">
                <span className="year-row__main">
                  <Link
                    to={paths.charts(new URLSearchParams({ genre: genre.slug }).toString())}
                    className="year-row__title"
                  >
                    {sentenceCase(genre.name)}
                  </Link>
                </span>
                <span className="muted">{plural(genre.albums, 'album')}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {review.highestRated.length > 0 && (
        <Section title="Highest rated">
          <AlbumShelf
            entries={review.highestRated.map(({ album, rating }) => ({ album, detail: <Rating stars={rating} /> }))}
          />
        </Section>
      )}
      {review.lowestRated.length > 0 && (
        <Section title="Lowest rated">
          <AlbumShelf
            entries={review.lowestRated.map(({ album, rating }) => ({ album, detail: <Rating stars={rating} /> }))}
          />
        </Section>
      )}
      {review.longestReview && (
        <Section title="Longest review">
          <div className="year-row year-review-longest">
            {review.longestReview.album && (
              <CoverImage src={review.longestReview.album.imageUrl} alt="" className="cover-image year-row__cover" />
            )}
            <span className="year-row__main">
              <Link to={paths.post(review.longestReview.postId)} className="year-row__title">
                {review.longestReview.title}
              </Link>
              <span className="muted">
                {review.longestReview.album
                  ? `${review.longestReview.album.name} · ${plural(review.longestReview.words, 'word')}`
                  : plural(review.longestReview.words, 'word')}
              </span>
            </span>
          </div>
        </Section>
      )}
      {review.listsMade.length > 0 && (
        <Section title="Lists made">
          <ul className="year-rows">
            {review.listsMade.map((list) => (
              <li key={list.id} className="year-row">
                <span className="year-row__main">
                  <Link to={paths.list(list.id)} className="year-row__title">
                    {list.title}
                  </Link>
                </span>
                <span className="muted">{list.kind === 'album' ? 'Albums' : 'Songs'}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
