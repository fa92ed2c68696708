import { Radio } from '@base-ui/react/radio';
import './choice-card.css';

/**
 * One choice of a Base UI RadioGroup drawn as a card: the whole card is the radio, so a click
 * anywhere on it chooses; its accessible name is the label alone, the line under it its description.
 */
export function ChoiceCard({
  value,
  label,
  description,
  id,
}: {
  value: string;
  label: string;
  description: string;
  /** Unique on the page: the label's and description's ids are made from it. */
  id: string;
}) {
  return (
    <Radio.Root
      value={value}
      className="choice-card"
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-description`}
    >
      <span className="choice-card__radio" aria-hidden="true">
        <Radio.Indicator className="choice-card__dot" />
      </span>
      <span className="choice-card__text">
        <span id={`${id}-label`} className="choice-card__label">
          {label}
        </span>
        <span id={`${id}-description`} className="choice-card__description">
          {description}
        </span>
      </span>
    </Radio.Root>
  );
}
