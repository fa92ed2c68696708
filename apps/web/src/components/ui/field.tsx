import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './form.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
}

/** A labelled input; the label is tied to the input so it is its accessible name. */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" {...input} />
      {hint && <span className="field__hint">{hint}</span>}
    </div>
  );
}
