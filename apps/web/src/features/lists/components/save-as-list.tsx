import { LIST_TITLE_MAX } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { clipChars } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreateList } from '../api/create-list.ts';

/**
 * The sorter's "Save as list": the ranking becomes a ranked, public song list of the album's
 * songs in the sorted order, titled 'My {album} Ranking', and the button gives way to its link.
 */
export function SaveAsList({ album, trackIds }: { album: { id: string; name: string }; trackIds: string[] }) {
  const create = useCreateList();
  const [error, setError] = useState<string | null>(null);
  const saved = create.data;

  async function save() {
    setError(null);
    const albumName = album.name;
    try {
      await create.mutateAsync({
        title: clipChars(t`My ${albumName} Ranking`, LIST_TITLE_MAX),
        kind: 'song',
        ranked: true,
        visibility: 'public',
        itemIds: trackIds,
      });
    } catch (failure) {
      setError(userMessage(failure, t`Could not save the list. Please try again.`));
    }
  }

  return (
    <div className="sorter-actions">
      {saved ? (
        <p role="status">
          {t`Saved as a list:`} <Link to={paths.list(saved.id)}>{saved.title}</Link>
        </p>
      ) : (
        <button type="button" className="btn btn-primary" onClick={save} disabled={create.isPending}>
          {create.isPending ? t`Saving...` : t`Save as list`}
        </button>
      )}
      <FormError message={error} />
    </div>
  );
}
