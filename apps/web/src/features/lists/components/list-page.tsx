import { plural, t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { ReportButton } from '../../../components/moderation/report-button.tsx';
import { CommentsPanel } from '../../../components/reactions/comments-panel.tsx';
import { LikeButton } from '../../../components/reactions/like-button.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { VisibilityBadge } from '../../../components/visibility/visibility-badge.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useList } from '../api/get-list.ts';
import { AddEntries } from './add-entries.tsx';
import { entriesLabel, ListCovers } from './list-card.tsx';
import { ListEntries } from './list-entries.tsx';
import { ListOwnerActions } from './list-owner-actions.tsx';
import './lists.css';
import './list-page.css';

/** /lists/:listId: a list with its covers and entries; its owner edits, fills and reorders it here. */
export function ListPage({ listId }: { listId: string }) {
  const list = useList(listId);
  const { user } = useSession();
  useDocumentTitle(list.data?.title ?? t`List`);

  if (list.isPending) return <PendingState fetchStatus={list.fetchStatus} className="page lists-muted" />;
  if (list.isError) {
    const missing = list.error instanceof ApiRequestError && list.error.status === 404;
    return (
      <div className="page">
        <h1>{missing ? t`List not found` : t`Could not load the list`}</h1>
        {!missing && <p className="form-error">{userMessage(list.error, t`Please try again.`)}</p>}
        <Link to={paths.lists()}>{t`Back to lists`}</Link>
      </div>
    );
  }

  const data = list.data;
  const owner = user?.id === data.userId;
  const author = data.userDisplayName;
  return (
    <div className="page list-page">
      <header className="list-page__header">
        <ListCovers covers={data.covers} />
        <div className="list-page__intro">
          <h1>{data.title}</h1>
          <p className="list-page__meta">
            {richText(t`by <0>${author}</0>`, [(words) => <Link to={paths.profile(author)}>{words}</Link>])} ·{' '}
            {entriesLabel(data)}
            {data.ranked && ` · ${t`Ranked`}`} <VisibilityBadge visibility={data.visibility} />
          </p>
          {data.description && <p className="list-page__description">{data.description}</p>}
          <p className="list-page__meta list-page__reactions">
            <LikeButton
              subject={{ type: 'list', id: data.id }}
              liked={data.likedByMe}
              count={data.likesCount}
              label={data.title}
            />
            <a href="#list-comments">{plural(data.commentsCount, { one: '# comment', other: '# comments' })}</a>
          </p>
          {(owner || user?.role === 'admin') && <ListOwnerActions list={data} canEdit={owner} />}
          {user && !owner && <ReportButton subjectType="list" subjectId={data.id} what={t`the list by ${author}`} />}
        </div>
      </header>
      {owner && <AddEntries list={data} />}
      <section className="list-page__entries" aria-labelledby="list-entries-title">
        <h2 id="list-entries-title" className="visually-hidden">
          {t`Entries`}
        </h2>
        <ListEntries list={data} owner={owner} />
      </section>
      <div id="list-comments" className="list-page__comments">
        <CommentsPanel subject={{ type: 'list', id: data.id }} ownerId={data.userId} visibleHeading />
      </div>
    </div>
  );
}
