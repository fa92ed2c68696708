import { t } from '@lingui/core/macro';
import { userMessage } from '../../lib/api-client.ts';
import { useBlock } from '../../lib/safety/block-mute.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';

export const blockMessage = (name: string) =>
  t`${name} will no longer be able to follow you, see your profile, reviews, notes and lists while signed in, or like and comment on them. Any follows between you end. They won't be told, and unblocking later does not restore the follows.`;

/**
 * Asks before blocking, saying what a block does. Render it to open it; `onDone` runs once the
 * block is made (the caller closes it, and may move away from what the blocked person wrote).
 */
export function BlockDialog({
  userId,
  displayName,
  onCancel,
  onDone,
}: {
  userId: string;
  displayName: string;
  onCancel: () => void;
  onDone: () => void;
}) {
  const block = useBlock(userId);
  const error = block.isError ? ` ${userMessage(block.error, t`Blocking failed. Please try again.`)}` : '';
  return (
    <ConfirmDialog
      title={t`Block ${displayName}?`}
      message={`${blockMessage(displayName)}${error}`}
      confirmLabel={t`Block`}
      busyLabel={t`Blocking...`}
      busy={block.isPending}
      danger
      onCancel={onCancel}
      onConfirm={() => block.mutate(true, { onSuccess: onDone })}
    />
  );
}
