import type { Invite } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useId, useRef } from 'react';
import { formatDay } from './format.ts';

/** Where an invitation stands, in words. */
export function inviteState(invite: Invite, now = Date.now()): 'used' | 'expired' | 'open' {
  if (invite.usedAt) return 'used';
  return Date.parse(invite.expiresAt) <= now ? 'expired' : 'open';
}

/**
 * One invitation: its link in a read-only field with Copy link, when it expires, who made it, who
 * used it, and Withdraw while nobody has.
 */
export function InviteRow({
  invite,
  busy,
  onCopy,
  onWithdraw,
}: {
  invite: Invite;
  busy: boolean;
  onCopy: (field: HTMLInputElement) => void;
  onWithdraw: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const state = inviteState(invite);
  const made = formatDay(invite.createdAt);
  const expires = formatDay(invite.expiresAt);
  const code = invite.code;
  const user = invite.usedBy?.displayName;
  const usedOn = invite.usedAt ? formatDay(invite.usedAt) : null;
  const creator = invite.createdBy?.displayName;
  return (
    <li className="community-item community-invite">
      <div className="community-item__main">
        <div className="field">
          <label htmlFor={id}>{t`Invitation link, made ${made}`}</label>
          <div className="community-copy">
            <input
              ref={field}
              id={id}
              className="input community-copy__input"
              readOnly
              value={invite.url}
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              className="btn"
              onClick={() => field.current && onCopy(field.current)}
              disabled={state !== 'open'}
            >
              {t`Copy link`}
            </button>
          </div>
        </div>
        <p className="community-item__meta">
          {state === 'used' ? (
            <span className="community-badge">
              {user
                ? usedOn
                  ? t`Used by ${user} on ${usedOn}`
                  : t`Used by ${user}`
                : usedOn
                  ? t`Used by a deleted account on ${usedOn}`
                  : t`Used by a deleted account`}
            </span>
          ) : state === 'expired' ? (
            <span className="community-badge community-badge--danger">{t`Expired ${expires}`}</span>
          ) : (
            <span className="community-badge community-badge--open">{t`Unused, expires ${expires}`}</span>
          )}
          <span>{creator ? t`Created by ${creator}` : t`Created by a deleted account`}</span>
        </p>
      </div>
      {!invite.usedAt && (
        <div className="community-item__actions">
          <button
            type="button"
            className="btn btn-danger"
            onClick={onWithdraw}
            disabled={busy}
            aria-label={t`Withdraw invitation made ${made} (${code})`}
          >
            {t`Withdraw`}
          </button>
        </div>
      )}
    </li>
  );
}
