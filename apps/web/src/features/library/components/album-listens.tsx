import type { Listen } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { useDeleteListen } from '../api/delete-listen.ts';
import { useMyListens } from '../api/get-my-listens.ts';
import { formatListenDay, formatListenDayLong } from '../diary-months.ts';
import { EditListenDialog } from './edit-listen-dialog.tsx';
import { LogListenDialog } from './log-listen-dialog.tsx';
import './listens.css';

/** Listens shown before 'Show all': the panel sits in the album's header and must stay short. */
const SHOWN = 5;

/**
 * The album page's 'Your listens' (signed in): your listens of it, newest first, each with Edit
 * and Delete, and 'Log a listen'.
 */
export function AlbumListens({ albumId, albumName }: { albumId: string; albumName: string }) {
  const listens = useMyListens(albumId);
  const remove = useDeleteListen(albumId);
  const [logging, setLogging] = useState(false);
  const [editing, setEditing] = useState<Listen | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const items = listens.data ?? [];
  const shown = showAll ? items : items.slice(0, SHOWN);
  const count = new Intl.NumberFormat(intlLocale()).format(items.length);

  return (
    <section className="album-listens" aria-labelledby={headingId}>
      <div className="album-listens__head">
        <h2 id={headingId}>{t`Your listens`}</h2>
        <button type="button" className="btn" onClick={() => setLogging(true)}>
          {t`Log a listen`}
        </button>
      </div>
      <FormError message={error} />
      {listens.isPending ? (
        <p className="muted">{t`Loading your listens...`}</p>
      ) : listens.isError ? (
        <p className="form-error">{userMessage(listens.error, t`Failed to load your listens`)}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t`You haven't logged a listen of this album yet.`}</p>
      ) : (
        <>
          <ul className="album-listens__list">
            {shown.map((listen) => {
              // Read aloud with each button, so the rows' identical words say which listen they act on.
              const day = formatListenDayLong(listen.listenedOn);
              return (
                <li key={listen.id}>
                  <time dateTime={listen.listenedOn}>{formatListenDay(listen.listenedOn)}</time>
                  {listen.relisten && <span className="listen-badge">{t`Relisten`}</span>}
                  <span className="album-listens__actions">
                    <button
                      type="button"
                      className="btn btn-ghost album-listens__action"
                      aria-label={t`Edit listen of ${day}`}
                      onClick={() => setEditing(listen)}
                    >
                      {t`Edit`}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost album-listens__action album-listens__delete"
                      aria-label={t`Delete listen of ${day}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(listen.id, {
                          onSuccess: () => setError(null),
                          onError: (e) => setError(userMessage(e, t`Failed to delete the listen. Please try again.`)),
                        })
                      }
                    >
                      {t`Delete`}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          {items.length > SHOWN && (
            <button type="button" className="btn btn-ghost" onClick={() => setShowAll(!showAll)}>
              {showAll ? t`Show fewer` : t`Show all ${count}`}
            </button>
          )}
        </>
      )}
      {logging && <LogListenDialog albumId={albumId} albumName={albumName} onClose={() => setLogging(false)} />}
      {editing && <EditListenDialog listen={editing} albumName={albumName} onClose={() => setEditing(null)} />}
    </section>
  );
}
