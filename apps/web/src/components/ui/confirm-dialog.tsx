import { t } from '@lingui/core/macro';
import { useId, useRef } from 'react';
import { Modal } from './modal.tsx';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Label while the confirmed action runs; both buttons are disabled meanwhile. */
  busyLabel?: string;
  busy?: boolean;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An in-page confirmation on the one dialog primitive (`Modal`): Escape and a backdrop click
 * cancel, and focus starts on Cancel so Enter never confirms by accident. Render it to open it.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  // A destructive confirmation starts on its safe choice.
  const cancelButton = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      title={title}
      onClose={cancel}
      narrow
      role="alertdialog"
      describedBy={messageId}
      closeButton={false}
      initialFocus={cancelButton}
      footer={
        <>
          <button type="button" className="btn" onClick={cancel} disabled={busy} ref={cancelButton}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p id={messageId} className="confirm-dialog__message">
        {message}
      </p>
    </Modal>
  );
}
