import './form.css';
/** The one way forms show an outcome: errors are alerts, successes are polite status messages. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-success" role="status">
      {message}
    </p>
  );
}
