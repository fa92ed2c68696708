import { Toast as BaseToast } from '@base-ui/react/toast';
import { t } from '@lingui/core/macro';
import { useCallback, useState } from 'react';
import './toast.css';

export type ToastKind = 'success' | 'error';

/** Errors stay up longer than confirmations: they usually need reading. */
const DURATION_MS: Record<ToastKind, number> = { success: 5000, error: 8000 };

/** At most this many on screen; an older one leaves when a newer one would make more. */
const VISIBLE_LIMIT = 3;

/** A page's toasts, handed from `useToasts` to `ToastRegion`. */
export type ToastList = ReturnType<typeof BaseToast.createToastManager>;

/**
 * A page's short-lived messages, on Base UI's Toast (ADR 22): `show` adds one; each leaves on its
 * own after a few seconds, the clock paused while the pointer or focus is on the notifications.
 */
export function useToasts() {
  const [toasts] = useState(() => BaseToast.createToastManager());
  const show = useCallback(
    (kind: ToastKind, text: string) => {
      // An error is announced at once (an alert); a confirmation waits its turn.
      toasts.add({
        description: text,
        type: kind,
        timeout: DURATION_MS[kind],
        priority: kind === 'error' ? 'high' : 'low',
      });
    },
    [toasts],
  );
  const dismiss = useCallback((id: string) => toasts.close(id), [toasts]);
  return { toasts, show, dismiss };
}

function ToastItems({ onDismiss }: { onDismiss: (id: string) => void }) {
  const { toasts } = BaseToast.useToastManager();
  return toasts.map((toast) => (
    <BaseToast.Root key={toast.id} toast={toast} className={`toast toast--${toast.type ?? 'success'}`}>
      <BaseToast.Content className="toast__content">
        <BaseToast.Description className="toast__text" />
        <BaseToast.Close
          className="toast__close"
          aria-label={t`Dismiss notification`}
          onClick={() => onDismiss(toast.id)}
        >
          ×
        </BaseToast.Close>
      </BaseToast.Content>
    </BaseToast.Root>
  ));
}

/** Where toasts appear (bottom right): a "Notifications" region that announces new ones (F6 reaches it). */
export function ToastRegion({ toasts, onDismiss }: { toasts: ToastList; onDismiss: (id: string) => void }) {
  return (
    <BaseToast.Provider toastManager={toasts} limit={VISIBLE_LIMIT}>
      <BaseToast.Portal>
        <BaseToast.Viewport className="toast-region" aria-label={t`Notifications`}>
          <ToastItems onDismiss={onDismiss} />
        </BaseToast.Viewport>
      </BaseToast.Portal>
    </BaseToast.Provider>
  );
}
