import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDownloadExport } from '../api/download-export.ts';
import './settings.css';

const EXPORTS = {
  json: { path: 'users/me/export', label: () => t`Download my data` },
  zip: { path: 'users/me/export.zip', label: () => t`Download CSV files (zip)` },
} as const;

/**
 * One export's button: it says when the file is being prepared (a long history takes seconds) and
 * why it was refused, and is not pressed twice meanwhile.
 */
function ExportButton({ kind, describedBy }: { kind: keyof typeof EXPORTS; describedBy: string }) {
  const download = useDownloadExport();
  const { path, label } = EXPORTS[kind];
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-describedby={describedBy}
        aria-disabled={download.isPending}
        onClick={() => {
          if (!download.isPending) download.mutate(path);
        }}
      >
        {label()}
      </button>
      <p role="status" className="muted settings-card__status">
        {download.isPending ? t`Preparing your file…` : ''}
      </p>
      <FormError message={download.error?.message} />
    </>
  );
}

export function YourDataCard() {
  return (
    <section className="settings-card" aria-labelledby="data-heading">
      <h2 id="data-heading">{t`Your data`}</h2>
      <p className="muted" id="data-json-help">
        {t`Your profile, ratings, collection, lists, posts and follows as one JSON file.`}
      </p>
      <ExportButton kind="json" describedBy="data-json-help" />
      <p className="muted settings-card__next" id="data-csv-help">
        {t`Your ratings, reviews, collection, rate later, diary and lists as CSV files for spreadsheets; rym-ratings.csv is in RateYourMusic's export format, for tools that read RYM exports.`}
      </p>
      <ExportButton kind="zip" describedBy="data-csv-help" />
      <p className="muted settings-card__next" id="data-import-help">
        {t`Bring in your ratings, reviews and wishlist from RateYourMusic, and your listens from ListenBrainz or Last.fm.`}
      </p>
      <Link className="btn" to={paths.imports()} aria-describedby="data-import-help">
        {t`Import from RateYourMusic, ListenBrainz or Last.fm`}
      </Link>
    </section>
  );
}
