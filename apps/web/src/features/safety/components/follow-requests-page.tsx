import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAnswerFollowRequest } from '../api/answer-follow-request.ts';
import { usePrivacy } from '../api/privacy.ts';
import { MyPeopleList } from './my-people-list.tsx';
import './safety.css';

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
        Approve<span className="visually-hidden"> {displayName}</span>
      </button>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => answer.mutate({ requesterId: userId, answer: 'decline' })}
      >
        Decline<span className="visually-hidden"> {displayName}</span>
      </button>
      <FormError message={answer.error?.message} />
    </>
  );
}

/** /follow-requests: who asks to follow the member's private profile, oldest first. */
export function FollowRequestsPage() {
  useDocumentTitle('Follow requests');
  const privacy = usePrivacy();
  return (
    <div className="page follow-requests-page">
      <h1>Follow requests</h1>
      <p className="muted">
        {privacy.data?.locked === false
          ? 'Your profile is public: anyone can follow you without asking. '
          : 'Approved people follow you and see your posts, lists and music. Declining tells nobody. '}
        <Link to={paths.settings()}>Privacy settings</Link>
      </p>
      <MyPeopleList
        which="follow-requests"
        label="Follow requests"
        empty="No one is waiting for your approval."
        actions={(person) => <Answers userId={person.userId} displayName={person.displayName} />}
      />
    </div>
  );
}
