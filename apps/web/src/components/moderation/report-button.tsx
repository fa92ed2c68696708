import type { ReportSubjectType } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { richText } from '../../lib/i18n/rich-text.tsx';
import { ToastRegion, useToasts } from '../ui/toast.tsx';
import { ReportDialog } from './report-dialog.tsx';

/**
 * 'Report' and its dialog, for a post, comment, list or profile. Shown only to someone signed in
 * who is not its author (the caller decides); 'Report sent' confirms it.
 */
export function ReportButton({
  subjectType,
  subjectId,
  what,
  className = 'btn btn-ghost',
}: {
  subjectType: ReportSubjectType;
  subjectId: string;
  what: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(0);
  const { toasts, show, dismiss } = useToasts();
  // After the region below has mounted (a toast added before it would never be shown).
  useEffect(() => {
    if (sent > 0) show('success', t`Report sent. Thank you: a moderator will review it.`);
  }, [sent, show]);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {/* The visible word; the accessible name adds what is reported. */}
        {richText(t`Report<0> ${what}</0>`, [(words) => <span className="visually-hidden">{words}</span>])}
      </button>
      {open && (
        <ReportDialog
          subjectType={subjectType}
          subjectId={subjectId}
          what={what}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            setSent((n) => n + 1);
          }}
        />
      )}
      {/* One region per page is enough: it appears only once this button has something to say. */}
      {sent > 0 && <ToastRegion toasts={toasts} onDismiss={dismiss} />}
    </>
  );
}
