import { formatRelativeDate, REPORT_REASON_LABELS, type ReportedItem, type ReportGroup } from '@liner/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

function whereLink(item: ReportedItem): { to: string; label: string } | null {
  if (!item.where) return null;
  if (item.where.type === 'profile') return { to: paths.profile(item.where.id), label: 'Open the profile' };
  if (item.where.type === 'list') {
    return {
      to: paths.list(item.where.id),
      label: item.type === 'comment' ? 'Open the list it is on' : 'Open the list',
    };
  }
  return { to: paths.post(item.where.id), label: item.type === 'comment' ? 'Open the post it is on' : 'Open the post' };
}

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
  const name = item.title ?? (item.text ? `“${item.text.slice(0, 60)}”` : item.kindLabel);
  return (
    <li className="moderation-item">
      <article className="moderation-item__main" aria-labelledby={headingId}>
        <div className="moderation-item__heading">
          <span className="moderation-badge">{item.kindLabel}</span>
          <h3 className="moderation-item__title" id={headingId}>
            {item.exists
              ? (item.title ?? `${item.kindLabel} by ${item.author?.displayName ?? 'someone'}`)
              : 'Already gone'}
          </h3>
          <span className="moderation-count">
            {group.count} {group.count === 1 ? 'report' : 'reports'}
          </span>
        </div>
        <p className="moderation-item__meta">
          {item.author && (
            <span>
              By <Link to={paths.profile(item.author.displayName)}>{item.author.displayName}</Link>
            </span>
          )}
          {item.context && <span>On “{item.context}”</span>}
          {link && <Link to={link.to}>{link.label}</Link>}
        </p>
        {item.text && <p className="moderation-item__content">{item.text}</p>}
        {!item.exists && (
          <p className="moderation-item__meta">It was deleted after it was reported; dismissing closes the reports.</p>
        )}
        <h4 className="visually-hidden">Reports</h4>
        <ul className="moderation-reports">
          {group.reports.map((report) => (
            <li key={report.id} className="moderation-report">
              <span className="moderation-report__who">
                {report.reporter ? (
                  <Link to={paths.profile(report.reporter.displayName)}>{report.reporter.displayName}</Link>
                ) : (
                  'A deleted account'
                )}
                {' · '}
                <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
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
          Dismiss<span className="visually-hidden"> the reports on {name}</span>
        </button>
        {item.exists && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onAct('remove')}>
            {item.type === 'user' ? 'Clear bio and picture' : 'Remove'}
            <span className="visually-hidden"> {name}</span>
          </button>
        )}
        {item.author && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => onAct('suspend')}>
            Suspend {item.author.displayName}
          </button>
        )}
      </div>
    </li>
  );
}
