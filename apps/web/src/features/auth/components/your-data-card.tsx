import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import './settings.css';

export function YourDataCard() {
  return (
    <section className="settings-card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="muted" id="data-json-help">
        Your profile, ratings, collection, lists, posts and follows as one JSON file.
      </p>
      <a className="btn" href="/api/users/me/export" download aria-describedby="data-json-help">
        Download my data
      </a>
      <p className="muted settings-card__next" id="data-csv-help">
        Your ratings, reviews, collection, rate later, diary and lists as CSV files for spreadsheets; rym-ratings.csv is
        in RateYourMusic's export format, for tools that read RYM exports.
      </p>
      <a className="btn" href="/api/users/me/export.zip" download aria-describedby="data-csv-help">
        Download CSV files (zip)
      </a>
      <p className="muted settings-card__next" id="data-import-help">
        Bring in your ratings, reviews and wishlist from RateYourMusic, and your listens from ListenBrainz or Last.fm.
      </p>
      <Link className="btn" to={paths.imports()} aria-describedby="data-import-help">
        Import from RateYourMusic, ListenBrainz or Last.fm
      </Link>
    </section>
  );
}
