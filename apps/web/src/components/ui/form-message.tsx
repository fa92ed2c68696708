import './form.css';

/** The one way forms show an outcome: errors are alerts, successes are polite status messages. */
function FormMessage({ kind, message }: { kind: 'error' | 'success'; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className={`form-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  return <FormMessage kind="error" message={message} />;
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  return <FormMessage kind="success" message={message} />;
}
