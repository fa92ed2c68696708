import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { richText } from '../../lib/i18n/rich-text.tsx';
import { BlockDialog } from './block-dialog.tsx';

/** 'Block' beside what someone wrote or did (a comment, a notification), asking first in a dialog. */
export function BlockButton({
  userId,
  displayName,
  className = 'btn btn-ghost',
}: {
  userId: string;
  displayName: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {richText(t`Block<0> ${displayName}</0>`, [(words) => <span className="visually-hidden">{words}</span>])}
      </button>
      {open && (
        <BlockDialog
          userId={userId}
          displayName={displayName}
          onCancel={() => setOpen(false)}
          onDone={() => setOpen(false)}
        />
      )}
    </>
  );
}
