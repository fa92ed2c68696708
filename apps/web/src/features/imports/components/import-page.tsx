import { IMPORT_MAX_BYTES } from '@liner/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useImports } from '../api/get-imports.ts';
import { ImportForm } from './import-form.tsx';
import { ImportJobView } from './import-job.tsx';
import { PastImports } from './past-imports.tsx';
import './imports.css';

/** The import shown: `?import=ID` (a past one chosen, or the one just started), else the newest. */
const PARAM = 'import';
const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * /import: bring in ratings, reviews, a wishlist, listens and loved songs from
 * RateYourMusic, ListenBrainz or Last.fm, watch the import, then resolve what matched no album.
 */
export function ImportPage({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const imports = useImports(userId);
  const jobs = imports.data ?? [];
  const shownId = params.get(PARAM) ?? jobs[0]?.id ?? null;
  // Only a choice made here moves the focus, never the page's first showing.
  const [chosen, setChosen] = useState(false);

  const show = (importId: string, replace: boolean) => {
    setChosen(true);
    setParams({ [PARAM]: importId }, { replace });
  };

  return (
    <div className="import-page">
      <header className="import-page__header">
        <h1>Import your history</h1>
        <p>
          Bring in what you kept elsewhere. A <strong>RateYourMusic</strong> CSV brings your album ratings, your reviews
          and your wishlist (into Rate Later). A <strong>ListenBrainz</strong> export, the .zip from ListenBrainz or a
          listens .jsonl, brings your listens into your diary and your loved songs into a list. A{' '}
          <strong>Last.fm</strong> scrobbles CSV, as lastfm-to-csv writes it, brings your scrobbles into your diary.
          Importing the same file again changes nothing. Files can be up to {MAX_MB} MB.
        </p>
      </header>
      <ImportForm userId={userId} onStarted={(job) => show(job.id, true)} />
      {imports.isPending ? (
        <LoadingStatus />
      ) : imports.isError ? (
        <p className="form-error">{userMessage(imports.error, 'Could not load your imports.')}</p>
      ) : null}
      {shownId && <ImportJobView key={shownId} userId={userId} importId={shownId} focus={chosen} />}
      {jobs.length > 0 && <PastImports jobs={jobs} shownId={shownId} onChoose={(id) => show(id, false)} />}
    </div>
  );
}
