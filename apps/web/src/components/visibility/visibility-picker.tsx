import type { Audience, ListVisibility } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { useDefaultAudience } from '../../lib/my-profile.ts';
import { audienceLabel } from './audience-label.ts';
import '../ui/form.css';
import './visibility.css';

/** What the picker offers for a review or a note: the three audiences. */
const ITEM_CHOICES: Audience[] = ['public', 'followers', 'private'];
/** What the picker offers for a list: the three audiences and, listed second, 'unlisted'. */
const LIST_CHOICES: ListVisibility[] = ['public', 'unlisted', 'followers', 'private'];

/** A choice's words in the picker, where 'unlisted' says what it means. */
const choiceLabel = (choice: ListVisibility) =>
  choice === 'unlisted' ? t`Unlisted (anyone with the link)` : audienceLabel(choice);

/** One line under the picker saying what the chosen option means, read with it by a screen reader. */
function meaning(of: ListVisibility | 'listed'): string {
  const meanings: Record<ListVisibility | 'listed', string> = {
    public: t`Anyone who can see your profile`,
    listed: t`Anyone who can see your profile; shown on it and in lists`,
    unlisted: t`Not shown on your profile or in lists; anyone with the address can open it`,
    followers: t`Only people who follow you`,
    private: t`Only you`,
  };
  return meanings[of];
}

type Props =
  | { kind: 'item'; value: Audience; onChange: (visibility: Audience) => void }
  | { kind: 'list'; value: ListVisibility; onChange: (visibility: ListVisibility) => void };

/**
 * 'Who can see this' for a review, a note ('item') or a list: a native select, so it is one
 * keyboard stop that every browser and screen reader already knows how to work.
 */
export function VisibilityPicker(props: Props) {
  const id = useId();
  const choices: ListVisibility[] = props.kind === 'list' ? LIST_CHOICES : ITEM_CHOICES;
  return (
    <div className="field visibility-picker">
      <label htmlFor={id}>{t`Who can see this`}</label>
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
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
      <span id={`${id}-meaning`} className="field__hint visibility-picker__meaning">
        {meaning(props.kind === 'list' && props.value === 'public' ? 'listed' : props.value)}
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
