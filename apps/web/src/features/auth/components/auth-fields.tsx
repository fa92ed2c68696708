import { Field } from '../../../components/ui/field.tsx';
import type { NewPassword } from '../use-new-password.ts';

interface AuthFieldProps {
  label: string;
  value: string;
  /** Receives the new text, not the event. */
  onChange: (value: string) => void;
  required?: boolean;
}

function AuthField({
  type,
  autoComplete,
  label,
  value,
  onChange,
  required = true,
}: AuthFieldProps & { type: 'email' | 'password'; autoComplete: string }) {
  return (
    <Field
      label={label}
      type={type}
      required={required}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The e-mail address of the account forms. */
export function EmailField(props: AuthFieldProps) {
  return <AuthField type="email" autoComplete="email" {...props} />;
}

/**
 * A password. `autoComplete` tells a password manager whether to fill in the saved password
 * (`current-password`) or offer a new one (`new-password`).
 */
export function PasswordField(props: AuthFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <AuthField type="password" {...props} />;
}

/** A new password typed twice; its state and check are `useNewPassword`'s. */
export function NewPasswordFields({
  labels,
  value,
  onChange,
}: {
  labels: { password: string; confirm: string };
  value: NewPassword;
  onChange: (value: NewPassword) => void;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
      />
      <PasswordField
        label={labels.confirm}
        autoComplete="new-password"
        value={value.confirm}
        onChange={(confirm) => onChange({ ...value, confirm })}
      />
    </>
  );
}
