import type { ReportedItem, ReportGroup } from '@liner/shared';
import { plural, select, t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { reportReasonLabel } from '../../../components/moderation/report-dialog.tsx';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatRelativeDate } from '../../../lib/relative-date.ts';

/** The kinds of item the server names in `kindLabel` ('Review', 'Note', 'Comment', 'List', 'Profile', 'Post'). */
export type ReportedKind = 'review' | 'note' | 'post' | 'comment' | 'list' | 'profile';

/** Which kind the item is: its type, and for a post whether the server calls it a review or a note. */
export function reportedKind(item: ReportedItem): ReportedKind {
  if (item.type === 'user') return 'profile';
  if (item.type === 'post') return item.kindLabel === 'Review' ? 'review' : item.kindLabel === 'Note' ? 'note' : 'post';
  return item.type;
}

/**
 * The item's kind as a badge or a name says it ('Review', 'Comment'), in the page's language: one
 * message for all the kinds, so each is translated as a noun ("Comment" alone is also a button).
 */
function kindName(item: ReportedItem): string {
  const kind = reportedKind(item);
  return select(kind, {
    review: 'Review',
    note: 'Note',
    post: 'Post',
    comment: 'Comment',
    list: 'List',
    other: 'Profile',
  });
}

function whereLink(item: ReportedItem): { to: string; label: string } | null {
  if (!item.where) return null;
  if (item.where.type === 'profile') return { to: paths.profile(item.where.id), label: t`Open the profile` };
  if (item.where.type === 'list') {
    return {
      to: paths.list(item.where.id),
      label: item.type === 'comment' ? t`Open the list it is on` : t`Open the list`,
    };
  }
  return {
    to: paths.post(item.where.id),
    label: item.type === 'comment' ? t`Open the post it is on` : t`Open the post`,
  };
}

/** A heading for an item with no title: its kind and whose it is ('Comment by ana'). */
function untitled(item: ReportedItem): string {
  const kind = kindName(item);
  const author = item.author?.displayName;
  return author ? t`${kind} by ${author}` : t`${kind} by someone`;
}

/** Words only a screen reader says, naming what a button acts on. */
const hidden = (words: string) => <span className="visually-hidden">{words}</span>;

/**
 * One queue entry: the item as it is now, in context, and every open report on it with its
 * reporter, reason and words. The actions handle them all at once.
 */
export function ReportGroupItem({
  group,
  busy,
  onAct,
}: {
  group: ReportGroup;
  busy: boolean;
  onAct: (action: 'dismiss' | 'remove' | 'suspend') => void;
}) {
  const { item } = group;
  const headingId = `report-${item.type}-${item.id}`;
  const link = whereLink(item);
  const excerpt = item.text?.slice(0, 60);
  const name = item.title ?? (excerpt ? t`“${excerpt}”` : kindName(item));
  const author = item.author?.displayName;
  const context = item.context;
  const reports = group.count;
  return (
    <li className="moderation-item">
      <article className="moderation-item__main" aria-labelledby={headingId}>
        <div className="moderation-item__heading">
          <span className="moderation-badge">{kindName(item)}</span>
          <h3 className="moderation-item__title" id={headingId}>
            {item.exists ? (item.title ?? untitled(item)) : t`Already gone`}
          </h3>
          <span className="moderation-count">{plural(reports, { one: '# report', other: '# reports' })}</span>
        </div>
        <p className="moderation-item__meta">
          {author && (
            <span>
              {richText(t`By <0>${author}</0>`, [(words) => <Link to={paths.profile(author)}>{words}</Link>])}
            </span>
          )}
          {context && <span>{t`On “${context}”`}</span>}
          {link && <Link to={link.to}>{link.label}</Link>}
        </p>
        {item.text && <p className="moderation-item__content">{item.text}</p>}
        {!item.exists && (
          <p className="moderation-item__meta">
            {t`It was deleted after it was reported; dismissing closes the reports.`}
          </p>
        )}
        <h4 className="visually-hidden">{t`Reports`}</h4>
        <ul className="moderation-reports">
          {group.reports.map((report) => (
            <li key={report.id} className="moderation-report">
              <span className="moderation-report__who">
                {report.reporter ? (
                  <Link to={paths.profile(report.reporter.displayName)}>{report.reporter.displayName}</Link>
                ) : (
                  t`A deleted account`
                )}
                {' · '}
                <strong>{reportReasonLabel(report.reason)}</strong>
                {' · '}
                <time dateTime={report.createdAt}>{formatRelativeDate(report.createdAt)}</time>
              </span>
              {report.text && <span className="moderation-report__text">{report.text}</span>}
            </li>
          ))}
        </ul>
      </article>
      <div className="moderation-item__actions">
        <button type="button" className="btn" disabled={busy} onClick={() => onAct('dismiss')}>
          {richText(t`Dismiss<0> the reports on ${name}</0>`, [hidden])}
        </button>
        {item.exists && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onAct('remove')}>
            {richText(item.type === 'user' ? t`Clear bio and picture<0> ${name}</0>` : t`Remove<0> ${name}</0>`, [
              hidden,
            ])}
          </button>
        )}
        {author && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onAct('suspend')}>
            {t`Suspend ${author}`}
          </button>
        )}
      </div>
    </li>
  );
}
