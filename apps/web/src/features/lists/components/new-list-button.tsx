import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useCreateList } from '../api/create-list.ts';
import { ListFormDialog } from './list-form-dialog.tsx';

/** "New list": the dialog, then the new list's page, where entries are added. */
export function NewListButton() {
  const [open, setOpen] = useState(false);
  const create = useCreateList();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        {t`New list`}
      </button>
      {open && (
        <ListFormDialog
          title={t`New list`}
          creating
          initial={{ title: '', description: '', kind: 'album', ranked: false }}
          onClose={() => setOpen(false)}
          onSubmit={async (fields) => {
            const list = await create.mutateAsync(fields);
            navigate(paths.list(list.id));
          }}
        />
      )}
    </>
  );
}
