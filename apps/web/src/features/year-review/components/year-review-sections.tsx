import type { YearAlbum, YearReview } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { oneDecimal, sentenceCase } from '../../../lib/catalog/format.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { MonthRhythm } from './month-rhythm.tsx';

/** "1 listen", "12 listens". */
const listensCount = (count: number) => plural(count, { one: '# listen', other: '# listens' });
/** "1 album", "3 albums". */
const albumsCount = (count: number) => plural(count, { one: '# album', other: '# albums' });
/** "1 word", "412 words". */
const wordsCount = (count: number) => plural(count, { one: '# word', other: '# words' });

/** "★ 4.5", read as "rated 4.5". */
function Rating({ stars }: { stars: number }) {
  const score = oneDecimal(stars);
  return (
    <span className="year-rating">
      {richText(t`<0>rated </0><1>★ </1>${score}`, [
        (words) => <span className="visually-hidden">{words}</span>,
        (words) => <span aria-hidden="true">{words}</span>,
      ])}
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

/** An album cover's words for a screen reader. */
const coverAlt = (name: string) => t`${name} cover`;

/** A row of album tiles: cover, title (the link), artist and what the section says of it. */
function AlbumShelf({ entries }: { entries: { album: YearAlbum; detail: ReactNode }[] }) {
  return (
    <ol className="year-albums">
      {entries.map(({ album, detail }) => (
        <li key={album.id} className="year-album">
          <CoverImage src={album.imageUrl} alt={coverAlt(album.name)} />
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
      <Section title={t`Month by month`} wide>
        <MonthRhythm months={review.months} />
      </Section>
      {review.topAlbums.length > 0 && (
        <Section title={t`Top albums`} wide>
          <AlbumShelf
            entries={review.topAlbums.map(({ album, listens, rating }) => ({
              album,
              detail: (
                <>
                  {listens > 0 && <span>{listensCount(listens)}</span>}
                  {rating !== null && <Rating stars={rating} />}
                </>
              ),
            }))}
          />
        </Section>
      )}
      {review.topSongs.length > 0 && (
        <Section title={t`Top songs`}>
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
        <Section title={t`Top artists`}>
          <ol className="year-rows">
            {review.topArtists.map((artist) => (
              <li key={artist.id} className="year-row">
                <span className="year-row__main">
                  <Link to={paths.artist(artist.id)} className="year-row__title">
                    {artist.name}
                  </Link>
                </span>
                <span className="muted">{listensCount(artist.listens)}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {review.topGenres.length > 0 && (
        <Section title={t`Top genres`}>
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
                <span className="muted">{albumsCount(genre.albums)}</span>
              </li>
            ))}
          </ol>
        </Section>
      )}
      {review.highestRated.length > 0 && (
        <Section title={t`Highest rated`}>
          <AlbumShelf
            entries={review.highestRated.map(({ album, rating }) => ({ album, detail: <Rating stars={rating} /> }))}
          />
        </Section>
      )}
      {review.lowestRated.length > 0 && (
        <Section title={t`Lowest rated`}>
          <AlbumShelf
            entries={review.lowestRated.map(({ album, rating }) => ({ album, detail: <Rating stars={rating} /> }))}
          />
        </Section>
      )}
      {review.longestReview && (
        <Section title={t`Longest review`}>
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
                  ? `${review.longestReview.album.name} · ${wordsCount(review.longestReview.words)}`
                  : wordsCount(review.longestReview.words)}
              </span>
            </span>
          </div>
        </Section>
      )}
      {review.listsMade.length > 0 && (
        <Section title={t`Lists made`}>
          <ul className="year-rows">
            {review.listsMade.map((list) => (
              <li key={list.id} className="year-row">
                <span className="year-row__main">
                  <Link to={paths.list(list.id)} className="year-row__title">
                    {list.title}
                  </Link>
                </span>
                <span className="muted">{list.kind === 'album' ? t`Albums` : t`Songs`}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
