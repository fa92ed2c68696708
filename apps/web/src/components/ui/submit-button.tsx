/**
 * A form's submit button. While `busy` it is disabled and says `busyLabel` ("Saving..."), so a
 * second press cannot send the form twice; `disabled` adds reasons of the form's own.
 */
export function SubmitButton({
  label,
  busy,
  busyLabel,
  disabled = false,
  variant = 'primary',
  className,
}: {
  label: string;
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={busy || disabled}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
