import { IMPORT_MAX_BYTES } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingStatus } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { useImports } from '../api/get-imports.ts';
import { ImportForm } from './import-form.tsx';
import { ImportJobView } from './import-job.tsx';
import { PastImports } from './past-imports.tsx';
import './imports.css';

/** The import shown: `?import=ID` (a past one chosen, or the one just started), else the newest. */
const PARAM = 'import';
const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

const strong = (words: string) => <strong>{words}</strong>;

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
        <h1>{t`Import your history`}</h1>
        <p>
          {richText(
            t`Bring in what you kept elsewhere. A <0>RateYourMusic</0> CSV brings your album ratings, your reviews and your wishlist (into Rate Later). A <1>ListenBrainz</1> export, the .zip from ListenBrainz or a listens .jsonl, brings your listens into your diary and your loved songs into a list. A <2>Last.fm</2> scrobbles CSV, as lastfm-to-csv writes it, brings your scrobbles into your diary. Importing the same file again changes nothing. Files can be up to ${MAX_MB} MB.`,
            [strong, strong, strong],
          )}
        </p>
      </header>
      <ImportForm userId={userId} onStarted={(job) => show(job.id, true)} />
      {imports.isPending ? (
        <LoadingStatus />
      ) : imports.isError ? (
        <p className="form-error">{userMessage(imports.error, t`Could not load your imports.`)}</p>
      ) : null}
      {shownId && <ImportJobView key={shownId} userId={userId} importId={shownId} focus={chosen} />}
      {jobs.length > 0 && <PastImports jobs={jobs} shownId={shownId} onChoose={(id) => show(id, false)} />}
    </div>
  );
}
