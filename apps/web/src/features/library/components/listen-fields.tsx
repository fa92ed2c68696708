import { LISTEN_FIRST_DAY, todayUtc } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Field } from '../../../components/ui/field.tsx';
import './listens.css';

/** A listen as a form holds it: the day ('YYYY-MM-DD') and whether it was a relisten. */
export interface ListenChoice {
  listenedOn: string;
  relisten: boolean;
}

/** Today (in UTC, as the server counts days) and a first listen. */
export const freshListen = (): ListenChoice => ({ listenedOn: todayUtc(), relisten: false });

/**
 * The day a listen was heard and the relisten flag, for the 'Log a listen' dialog and the review
 * dialog. The date picker stops at today and 1900; the server checks both again.
 */
export function ListenFields({ value, onChange }: { value: ListenChoice; onChange: (next: ListenChoice) => void }) {
  return (
    <div className="listen-fields">
      <Field
        label={t`Listened on`}
        type="date"
        required
        min={LISTEN_FIRST_DAY}
        max={todayUtc()}
        value={value.listenedOn}
        onChange={(event) => onChange({ ...value, listenedOn: event.target.value })}
      />
      <label className="check-label">
        <input
          type="checkbox"
          checked={value.relisten}
          onChange={(event) => onChange({ ...value, relisten: event.target.checked })}
        />
        {t`Relisten`}
      </label>
    </div>
  );
}
