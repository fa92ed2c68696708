import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal.css';

/**
 * The one dialog primitive, on the native <dialog> element: focus is trapped, Escape closes, the
 * page behind is inert. `onClose` runs for Escape, the close button and a click on the backdrop.
 * Confirmations (`ConfirmDialog`) are this dialog as an alertdialog without the close button.
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal; the open attribute is the same dialog without the inert page.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => dialog.close?.();
  }, []);
  const size = wide ? ' modal--wide' : narrow ? ' modal--narrow' : '';
  return (
    <dialog
      ref={ref}
      className={`modal${size}`}
      role={role}
      aria-modal={role ? 'true' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="modal__inner">
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          {closeButton && (
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
