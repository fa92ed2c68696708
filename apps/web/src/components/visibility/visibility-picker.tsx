import { AUDIENCE_LABELS, type Audience, type ListVisibility } from '@liner/shared';
import { useId, useState } from 'react';
import { useDefaultAudience } from '../../lib/my-profile.ts';
import '../ui/form.css';
import './visibility.css';

/** What the picker offers for a list: the three audiences and, listed second, 'unlisted'. */
export const LIST_VISIBILITY_OPTIONS: Record<ListVisibility, string> = {
  public: AUDIENCE_LABELS.public,
  unlisted: 'Unlisted (anyone with the link)',
  followers: AUDIENCE_LABELS.followers,
  private: AUDIENCE_LABELS.private,
};

/** One line under the picker saying what the chosen option means, read with it by a screen reader. */
const MEANING: Record<ListVisibility | 'listed', string> = {
  public: 'Anyone who can see your profile',
  listed: 'Anyone who can see your profile; shown on it and in lists',
  unlisted: 'Not shown on your profile or in lists; anyone with the address can open it',
  followers: 'Only people who follow you',
  private: 'Only you',
};

type Props =
  | { kind: 'item'; value: Audience; onChange: (visibility: Audience) => void }
  | { kind: 'list'; value: ListVisibility; onChange: (visibility: ListVisibility) => void };

/**
 * 'Who can see this' for a review, a note ('item') or a list: a native select, so it is one
 * keyboard stop that every browser and screen reader already knows how to work.
 */
export function VisibilityPicker(props: Props) {
  const id = useId();
  const options: Partial<Record<ListVisibility, string>> =
    props.kind === 'list' ? LIST_VISIBILITY_OPTIONS : AUDIENCE_LABELS;
  return (
    <div className="field visibility-picker">
      <label htmlFor={id}>Who can see this</label>
      <select
        id={id}
        className="input"
        value={props.value}
        aria-describedby={`${id}-meaning`}
        onChange={(event) => {
          const chosen = event.target.value as ListVisibility;
          if (props.kind === 'list') props.onChange(chosen);
          else if (chosen !== 'unlisted') props.onChange(chosen);
        }}
      >
        {Object.entries(options).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <span id={`${id}-meaning`} className="field__hint visibility-picker__meaning">
        {MEANING[props.kind === 'list' && props.value === 'public' ? 'listed' : props.value]}
      </span>
    </div>
  );
}

/**
 * The picker's state for something not yet written: it shows the member's default audience (Public
 * while that loads) until they choose. `sent` is what to send: undefined while nothing is chosen and
 * the default is still loading, so the server applies the default instead of a guessed 'public'.
 */
export function useAudienceChoice<V extends ListVisibility = Audience>(enabled = true) {
  const fallback = useDefaultAudience(enabled) as V | undefined;
  const [chosen, setChosen] = useState<V | null>(null);
  return { value: chosen ?? fallback ?? ('public' as V), sent: chosen ?? fallback, choose: setChosen };
}
