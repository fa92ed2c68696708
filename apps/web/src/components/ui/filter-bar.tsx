import { type ReactNode, useId } from 'react';
import './filter-bar.css';

/** A fieldset of filters with a legend for screen readers: the charts' and Discover's. */
export function FilterBar({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="filter-bar">
      <legend className="visually-hidden">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A visible label over a native select: one Tab stop, arrow keys and typing choose, on every device. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
