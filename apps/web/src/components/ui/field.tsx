import { charCount } from '@liner/shared';
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import './form.css';

/**
 * A live "n/max" under a field, counted as the server counts (`charCount`), so the number shown is
 * the number checked. `unit` is the word after it, where the spec shows one ("12/500 characters").
 */
export interface Counter {
  max: number;
  unit?: string;
  /**
   * Typing or pasting stops at `max` characters, counted by `charCount` (HTML `maxlength` counts
   * UTF-16 units and would stop a title of emoji at half the limit).
   */
  stop?: boolean;
}

/** The first `max` characters (code points) of `text`, as `charCount` counts them. */
export function clipChars(text: string, max: number): string {
  return charCount(text) <= max ? text : Array.from(text).slice(0, max).join('');
}

/** An onChange that first cuts the control's value to the counter's limit, when it stops there. */
function stopping<E extends HTMLInputElement | HTMLTextAreaElement>(
  counter: Counter | undefined,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  if (!counter?.stop || !onChange) return onChange;
  return (event: ChangeEvent<E>) => {
    const clipped = clipChars(event.target.value, counter.max);
    if (clipped !== event.target.value) event.target.value = clipped;
    onChange(event);
  };
}

interface FrameProps {
  label: string;
  /** The label still names the control for assistive technology; it is only not drawn. */
  hideLabel?: boolean;
  hint?: ReactNode;
  counter?: Counter;
}

/** Past the limit (a field that does not stop there): the counter says so in the danger colour. */
const overLimit = (value: unknown, max: number) => typeof value === 'string' && charCount(value) > max;

/** The label, the control (given the id that ties them) and the hint or counter under it. */
function FieldFrame({
  label,
  hideLabel,
  hint,
  counter,
  value,
  control,
}: FrameProps & { value: unknown; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {control(id)}
      {counter ? (
        <span className={overLimit(value, counter.max) ? 'field__hint field__hint--over' : 'field__hint'}>
          {charCount(typeof value === 'string' ? value : '')}/{counter.max}
          {counter.unit && ` ${counter.unit}`}
        </span>
      ) : (
        hint && <span className="field__hint">{hint}</span>
      )}
    </div>
  );
}

/** Splits a field's props into the frame's and the control's. */
function split<P extends FrameProps & { value?: unknown }>({ label, hideLabel, hint, counter, ...control }: P) {
  return { frame: { label, hideLabel, hint, counter, value: control.value }, control };
}

/** A labelled input; the label is tied to the input so it is its accessible name. */
export function Field(props: FrameProps & InputHTMLAttributes<HTMLInputElement>) {
  const { frame, control } = split(props);
  const onChange = stopping(frame.counter, control.onChange);
  return (
    <FieldFrame {...frame} control={(id) => <input id={id} className="input" {...control} onChange={onChange} />} />
  );
}

/** A labelled textarea, the same way. */
export function TextAreaField(props: FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = split(props);
  const onChange = stopping(frame.counter, control.onChange);
  return (
    <FieldFrame {...frame} control={(id) => <textarea id={id} className="input" {...control} onChange={onChange} />} />
  );
}
