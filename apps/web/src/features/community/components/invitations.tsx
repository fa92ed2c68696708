import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, type Invite } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useCreateInvite } from '../api/create-invite.ts';
import { useWithdrawInvite } from '../api/withdraw-invite.ts';
import { InviteRow } from './invite-row.tsx';

/** Copies the link, or, where the browser refuses the clipboard, selects it for Ctrl+C. */
async function copyLink(field: HTMLInputElement): Promise<string> {
  try {
    await navigator.clipboard.writeText(field.value);
    return t`Link copied.`;
  } catch {
    field.focus();
    field.select();
    return t`The link is selected: press Ctrl+C (or ⌘C) to copy it.`;
  }
}

/** Invitations: make one (valid for 1 to 30 days), copy its link, withdraw an unused one. */
export function Invitations({ invites }: { invites: Invite[] }) {
  const [days, setDays] = useState(String(INVITE_DAYS_DEFAULT));
  const create = useCreateInvite();
  const withdraw = useWithdrawInvite();
  const [status, setStatus] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    withdraw.reset();
    create.mutate(Number(days), { onSuccess: () => setStatus(t`Invitation created. Copy its link below.`) });
  }

  const onWithdraw = (invite: Invite) => {
    setStatus(null);
    create.reset();
    withdraw.mutate(invite.code, { onSuccess: () => setStatus(t`Invitation withdrawn.`) });
  };

  return (
    <div className="community-invitations">
      <h3 className="community-subheading">{t`Invitations`}</h3>
      <p className="community-intro">
        {t`Each link lets one person create an account while registration is by invitation.`}
      </p>
      <form className="community-invite-form" onSubmit={submit}>
        <Field
          label={t`Valid for (days)`}
          type="number"
          inputMode="numeric"
          min={1}
          max={INVITE_DAYS_MAX}
          step={1}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <SubmitButton label={t`Create invitation`} busy={create.isPending} busyLabel={t`Creating...`} />
      </form>
      <FormError message={create.error?.message ?? withdraw.error?.message} />
      <FormSuccess message={status} />
      {invites.length === 0 ? (
        <p className="admin-card__state">{t`No invitations yet.`}</p>
      ) : (
        <ul className="community-list" aria-label={t`Invitations`}>
          {invites.map((invite) => (
            <InviteRow
              key={invite.code}
              invite={invite}
              busy={withdraw.isPending && withdraw.variables === invite.code}
              onCopy={async (field) => setStatus(await copyLink(field))}
              onWithdraw={() => onWithdraw(invite)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
