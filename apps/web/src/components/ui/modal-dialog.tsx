import { Dialog } from '@base-ui/react/dialog';
import { t } from '@lingui/core/macro';
import type { ModalProps } from './modal.tsx';

/** `Modal` itself, on Base UI's Dialog; fetched the first time a page opens a dialog (ADR 22). */
export function ModalDialog({
  title,
  onClose,
  children,
  footer,
  wide = false,
  narrow = false,
  role,
  describedBy,
  closeButton = true,
  initialFocus,
}: ModalProps) {
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
        <Dialog.Popup
          className={`modal${size}`}
          {...(role && { role })}
          aria-describedby={describedBy}
          {...(initialFocus && { initialFocus })}
        >
          <div className="modal__inner">
            <header className="modal__header">
              <Dialog.Title>{title}</Dialog.Title>
              {closeButton && (
                <Dialog.Close className="modal__close" aria-label={t`Close`}>
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
