import type { ReactNode } from 'react';
import './switch-field.css';

/** A setting that is on or off: a checkbox a screen reader announces as a switch, with its label. */
export function SwitchField({
  checked,
  disabled = false,
  describedBy,
  onChange,
  children,
}: {
  checked: boolean;
  disabled?: boolean;
  /** The id of the text that explains the setting. */
  describedBy?: string;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="switch-field">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
