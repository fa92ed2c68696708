import type { List } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../lib/paths.ts';
import { useChangeList } from '../api/change-list.ts';
import { useDeleteList } from '../api/delete-list.ts';
import { ListFormDialog } from './list-form-dialog.tsx';

/** Edit (title, description, ranked, visibility) and Delete with confirmation; for the owner or, Delete only, an admin. */
export function ListOwnerActions({ list, canEdit }: { list: List; canEdit: boolean }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const change = useChangeList(list.id);
  const remove = useDeleteList(list.id);
  const navigate = useNavigate();
  const title = list.title;
  return (
    <div className="list-page__actions">
      {canEdit && (
        <button type="button" className="btn" onClick={() => setDialog('edit')}>
          {t`Edit list`}
        </button>
      )}
      <button type="button" className="btn btn-danger" onClick={() => setDialog('delete')}>
        {t`Delete list`}
      </button>
      {dialog === 'edit' && (
        <ListFormDialog
          title={t`Edit list`}
          creating={false}
          initial={list}
          onClose={() => setDialog(null)}
          onSubmit={async ({ title, description, ranked, visibility }) => {
            await change.mutateAsync({ type: 'update', body: { title, description, ranked, visibility } });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t`Delete list`}
          message={plural(list.entriesCount, {
            one: `Delete "${title}" and its # entries? This cannot be undone.`,
            other: `Delete "${title}" and its # entries? This cannot be undone.`,
          })}
          confirmLabel={t`Delete`}
          busyLabel={t`Deleting...`}
          busy={remove.isPending}
          danger
          onCancel={() => setDialog(null)}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(paths.lists()) })}
        />
      )}
    </div>
  );
}
