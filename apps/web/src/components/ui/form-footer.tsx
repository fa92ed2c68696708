import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';

/** A dialog form's last row: Cancel, then the form's submit button (`children`). */
export function FormFooter({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  return (
    <div className="modal__footer">
      <button type="button" className="btn" onClick={onCancel}>
        {t`Cancel`}
      </button>
      {children}
    </div>
  );
}
