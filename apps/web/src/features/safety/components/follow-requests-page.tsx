import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAnswerFollowRequest } from '../api/answer-follow-request.ts';
import { usePrivacy } from '../api/privacy.ts';
import { MyPeopleList } from './my-people-list.tsx';
import './safety.css';

/** Words for a screen reader only (a message's tag 0). */
const hidden = (words: string) => <span className="visually-hidden">{words}</span>;

function Answers({ userId, displayName }: { userId: string; displayName: string }) {
  const answer = useAnswerFollowRequest();
  const busy = answer.isPending;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => answer.mutate({ requesterId: userId, answer: 'approve' })}
      >
        {richText(t`Approve<0> ${displayName}</0>`, [hidden])}
      </button>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => answer.mutate({ requesterId: userId, answer: 'decline' })}
      >
        {richText(t`Decline<0> ${displayName}</0>`, [hidden])}
      </button>
      <FormError message={answer.error ? fromServer(answer.error.message) : undefined} />
    </>
  );
}

/** /follow-requests: who asks to follow the member's private profile, oldest first. */
export function FollowRequestsPage() {
  useDocumentTitle(t`Follow requests`);
  const privacy = usePrivacy();
  return (
    <div className="page follow-requests-page">
      <h1>{t`Follow requests`}</h1>
      <p className="muted">
        {privacy.data?.locked === false
          ? t`Your profile is public: anyone can follow you without asking.`
          : t`Approved people follow you and see your posts, lists and music. Declining tells nobody.`}{' '}
        <Link to={paths.settings()}>{t`Privacy settings`}</Link>
      </p>
      <MyPeopleList
        which="follow-requests"
        label={t`Follow requests`}
        empty={t`No one is waiting for your approval.`}
        actions={(person) => <Answers userId={person.userId} displayName={person.displayName} />}
      />
    </div>
  );
}
