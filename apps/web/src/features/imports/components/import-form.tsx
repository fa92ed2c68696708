import { RadioGroup } from '@base-ui/react/radio-group';
import {
  IMPORT_MAX_BYTES,
  IMPORT_SOURCE_NAMES,
  IMPORT_SOURCES,
  IMPORT_TOO_LARGE,
  type ImportJob,
  type ImportSource,
} from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { checkImport, useStartImport } from '../api/start-import.ts';

/** The files each source's picker is steered to. */
const ACCEPT: Record<ImportSource, string> = {
  rym: '.csv,text/csv',
  listenbrainz: '.zip,.jsonl,.json,application/zip',
  lastfm: '.csv,text/csv',
};

/** What each source's file is, beside its radio. */
function sourceFile(source: ImportSource): string {
  const files: Record<ImportSource, string> = {
    rym: t`The CSV export of your RateYourMusic ratings`,
    listenbrainz: t`The .zip from ListenBrainz, or its listens .jsonl`,
    lastfm: t`A scrobbles CSV written by lastfm-to-csv`,
  };
  return files[source];
}

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Which service the file comes from (a Base UI radio group, as the admin's registration form) and
 * the file. What the server would refuse at once (no source, no file, over 20 MB) is said before
 * uploading, in the server's own words; anything else it refuses is shown as it says it.
 */
export function ImportForm({ userId, onStarted }: { userId: string; onStarted: (job: ImportJob) => void }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<ImportSource | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = useStartImport(userId);

  function submit(event: FormEvent) {
    event.preventDefault();
    start.reset();
    const problem = checkImport(source, file);
    // The server's own refusals, said before uploading: in the page's language where liner knows them.
    setRefusal(problem && fromServer(problem));
    if (problem || !source || !file) return;
    start.mutate(
      { source, file },
      {
        onSuccess: (job) => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          onStarted(job);
        },
      },
    );
  }

  return (
    <form className="form import-card import-form" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>{t`Start an import`}</h2>
      <div className="field">
        <span id={`${id}-sources`} className="field__label">
          {t`What are you importing?`}
        </span>
        <RadioGroup
          className="import-sources"
          aria-labelledby={`${id}-sources`}
          value={source}
          onValueChange={(value) => {
            start.reset();
            setRefusal(null);
            setSource(value as ImportSource);
          }}
        >
          {IMPORT_SOURCES.map((value) => (
            <ChoiceCard
              key={value}
              value={value}
              label={IMPORT_SOURCE_NAMES[value]}
              description={sourceFile(value)}
              id={`${id}-${value}`}
            />
          ))}
        </RadioGroup>
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t`File`}</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className="input import-form__file"
          type="file"
          name="file"
          accept={source ? ACCEPT[source] : '.csv,.zip,.jsonl,.json'}
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            start.reset();
            setFile(chosen);
            // Said at once: nobody should wait for an upload that is bound to be refused.
            setRefusal(chosen && chosen.size > IMPORT_MAX_BYTES ? fromServer(IMPORT_TOO_LARGE) : null);
          }}
        />
        <span id={`${id}-file-hint`} className="import-form__hint">
          {t`Up to ${MAX_MB} MB.`}
        </span>
      </div>
      <SubmitButton
        label={t`Import`}
        busy={start.isPending}
        busyLabel={t`Uploading…`}
        className="import-form__submit"
      />
      <FormError message={refusal ?? start.error?.message} />
    </form>
  );
}
