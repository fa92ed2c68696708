import { RadioGroup } from '@base-ui/react/radio-group';
import {
  checkReport,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
  type ReportSubjectType,
} from '@liner/shared';
import { type FormEvent, useId, useState } from 'react';
import { useCreateReport } from '../../lib/moderation/create-report.ts';
import { ChoiceCard } from '../ui/choice-card.tsx';
import { TextAreaField } from '../ui/field.tsx';
import { FormError } from '../ui/form-message.tsx';
import { Modal } from '../ui/modal.tsx';
import './report.css';

const EXPLANATIONS: Record<ReportReason, string> = {
  spam: 'Advertising, scams or the same thing posted again and again',
  harassment: 'Bullying, threats or attacks on a person',
  hate: 'Attacks on people for who they are',
  sexual: 'Sexual or explicit material',
  other: 'Something else the moderators should look at',
};

/**
 * Reporting one item to the moderators: a reason (required) and optional words. The moderators
 * see who sent it; the person reported does not.
 */
export function ReportDialog({
  subjectType,
  subjectId,
  what,
  onClose,
  onSent,
}: {
  subjectType: ReportSubjectType;
  subjectId: string;
  /** What is reported, as the title says it: 'this comment', 'ana's profile'. */
  what: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useCreateReport();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkReport(reason, text);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    send.mutate(
      { subjectType, subjectId, reason: checked.reason, text: checked.text || undefined },
      { onSuccess: onSent, onError: (failure) => setError(failure.message) },
    );
  }

  return (
    <Modal
      title={`Report ${what}`}
      onClose={onClose}
      describedBy={`${id}-intro`}
      wide
      footer={
        <div className="report-form__actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send report'}
          </button>
        </div>
      }
    >
      <form id={`${id}-form`} className="form report-form" onSubmit={submit} noValidate>
        <p id={`${id}-intro`} className="report-form__intro">
          Tell the moderators what is wrong. The person you report is not told who reported them.
        </p>
        <h3 id={`${id}-reason`} className="report-form__label">
          Reason
        </h3>
        <RadioGroup
          className="report-form__reasons"
          aria-labelledby={`${id}-reason`}
          aria-required="true"
          value={reason}
          onValueChange={(value) => {
            setError(null);
            setReason(value as ReportReason);
          }}
        >
          {REPORT_REASONS.map((value) => (
            <ChoiceCard
              key={value}
              value={value}
              label={REPORT_REASON_LABELS[value]}
              description={EXPLANATIONS[value]}
              id={`${id}-${value}`}
            />
          ))}
        </RadioGroup>
        <TextAreaField
          label="Anything else the moderators should know (optional)"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          counter={{ max: REPORT_TEXT_MAX }}
        />
        <FormError message={error} />
      </form>
    </Modal>
  );
}
