import { FollowRequestsPage } from '../../features/safety/components/follow-requests-page.tsx';

/** /follow-requests: who asks to follow the member's private profile. */
export function Component() {
  return <FollowRequestsPage />;
}
