import { type ReactNode, type RefObject, useEffect } from 'react';
import { onDemand, useOnDemand } from './use-on-demand.ts';
import './modal.css';

export interface ModalProps {
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
  /**
   * Where focus starts, when not the first control. Not `autoFocus`: that moves focus before the
   * dialog has noted the opener, so focus would not go back to it.
   */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** The dialog's code (Base UI, about 25 KB gzipped), fetched the first time any page opens one. */
export const dialogCode = onDemand(() => import('./modal-dialog.tsx'));

/**
 * The one dialog primitive, on Base UI's Dialog (ADR 22): focus moves in when it opens and back to
 * the element that opened it when it goes, Tab stays inside, Escape and a click on the backdrop
 * close, and the page behind is inert. Render it to open it; `onClose` runs for Escape, the close
 * button and the backdrop, and the caller unmounts it. Confirmations (`ConfirmDialog`) are this
 * dialog as an alertdialog without the close button. The first dialog of a visit appears once its
 * code has arrived; focus stays on the opener meanwhile, so it is still where focus returns.
 */
export function Modal(props: ModalProps) {
  const { module, request } = useOnDemand(dialogCode);
  useEffect(() => {
    if (!module) void request();
  }, [module, request]);
  return module ? <module.ModalDialog {...props} /> : null;
}
