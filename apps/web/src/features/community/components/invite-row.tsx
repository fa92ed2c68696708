import type { Invite } from '@liner/shared';
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
  return (
    <li className="community-item community-invite">
      <div className="community-item__main">
        <div className="field">
          <label htmlFor={id}>Invitation link, made {formatDay(invite.createdAt)}</label>
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
              Copy link
            </button>
          </div>
        </div>
        <p className="community-item__meta">
          {state === 'used' ? (
            <span className="community-badge">
              Used by {invite.usedBy?.displayName ?? 'a deleted account'}
              {invite.usedAt && ` on ${formatDay(invite.usedAt)}`}
            </span>
          ) : state === 'expired' ? (
            <span className="community-badge community-badge--danger">Expired {formatDay(invite.expiresAt)}</span>
          ) : (
            <span className="community-badge community-badge--open">Unused, expires {formatDay(invite.expiresAt)}</span>
          )}
          <span>Created by {invite.createdBy?.displayName ?? 'a deleted account'}</span>
        </p>
      </div>
      {!invite.usedAt && (
        <div className="community-item__actions">
          <button
            type="button"
            className="btn btn-danger"
            onClick={onWithdraw}
            disabled={busy}
            aria-label={`Withdraw invitation made ${formatDay(invite.createdAt)} (${invite.code})`}
          >
            Withdraw
          </button>
        </div>
      )}
    </li>
  );
}
