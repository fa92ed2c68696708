import { Dialog } from '@base-ui/react/dialog';
import type { ReactNode } from 'react';
import './modal.css';

/**
 * The one dialog primitive, on Base UI's Dialog (ADR 22): focus moves in when it opens and back to
 * the element that opened it when it goes, Tab stays inside, Escape and a click on the backdrop
 * close, and the page behind is inert. Render it to open it; `onClose` runs for Escape, the close
 * button and the backdrop, and the caller unmounts it. Confirmations (`ConfirmDialog`) are this
 * dialog as an alertdialog without the close button.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  wide = false,
  narrow = false,
  role,
  describedBy,
  closeButton = true,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** The small size of a confirmation. */
  narrow?: boolean;
  /** `alertdialog` for a confirmation that interrupts. */
  role?: 'alertdialog';
  /** The id of the element that says what the dialog is about. */
  describedBy?: string;
  closeButton?: boolean;
}) {
  const size = wide ? ' modal--wide' : narrow ? ' modal--narrow' : '';
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop className="modal-backdrop" />
        {/* Spread, not `role={role}`: an undefined role would replace Base UI's role="dialog". */}
        <Dialog.Popup className={`modal${size}`} {...(role && { role })} aria-describedby={describedBy}>
          <div className="modal__inner">
            <header className="modal__header">
              <Dialog.Title>{title}</Dialog.Title>
              {closeButton && (
                <Dialog.Close className="modal__close" aria-label="Close">
                  ×
                </Dialog.Close>
              )}
            </header>
            <div className="modal__body">{children}</div>
            {footer && <footer className="modal__footer">{footer}</footer>}
          </div>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
