import { RadioGroup } from '@base-ui/react/radio-group';
import { checkReport, REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason, type ReportSubjectType } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useId, useState } from 'react';
import { fromServer } from '../../lib/i18n/runtime.ts';
import { useCreateReport } from '../../lib/moderation/create-report.ts';
import { ChoiceCard } from '../ui/choice-card.tsx';
import { TextAreaField } from '../ui/field.tsx';
import { FormError } from '../ui/form-message.tsx';
import { Modal } from '../ui/modal.tsx';
import './report.css';

/** Each reason's name, as the dialog and the moderators' queue show it (shared's REPORT_REASON_LABELS). */
export function reportReasonLabel(reason: ReportReason): string {
  const labels: Record<ReportReason, string> = {
    spam: t`Spam`,
    harassment: t`Harassment`,
    hate: t`Hateful content`,
    sexual: t`Sexual content`,
    other: t`Other`,
  };
  return labels[reason];
}

function explanation(reason: ReportReason): string {
  const explanations: Record<ReportReason, string> = {
    spam: t`Advertising, scams or the same thing posted again and again`,
    harassment: t`Bullying, threats or attacks on a person`,
    hate: t`Attacks on people for who they are`,
    sexual: t`Sexual or explicit material`,
    other: t`Something else the moderators should look at`,
  };
  return explanations[reason];
}

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
    // checkReport refuses in the server's words: in the page's language, as the server's own would be.
    if (!checked.ok) return setError(fromServer(checked.message));
    setError(null);
    send.mutate(
      { subjectType, subjectId, reason: checked.reason, text: checked.text || undefined },
      { onSuccess: onSent, onError: (failure) => setError(failure.message) },
    );
  }

  return (
    <Modal
      title={t`Report ${what}`}
      onClose={onClose}
      describedBy={`${id}-intro`}
      wide
      footer={
        <div className="report-form__actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? t`Sending...` : t`Send report`}
          </button>
        </div>
      }
    >
      <form id={`${id}-form`} className="form report-form" onSubmit={submit} noValidate>
        <p id={`${id}-intro`} className="report-form__intro">
          {t`Tell the moderators what is wrong. The person you report is not told who reported them.`}
        </p>
        <h3 id={`${id}-reason`} className="report-form__label">
          {t`Reason`}
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
              label={reportReasonLabel(value)}
              description={explanation(value)}
              id={`${id}-${value}`}
            />
          ))}
        </RadioGroup>
        <TextAreaField
          label={t`Anything else the moderators should know (optional)`}
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
