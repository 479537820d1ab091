import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cardStyle, textLinkStyle } from '../../components/styles';
import { moderationLogQuery } from '../../lib/submissions';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The most recent decisions: who, when, what and why. */
export function AuditLog() {
  const { data } = useQuery(moderationLogQuery());
  return (
    <section aria-labelledby="audit-title" className={`${cardStyle} min-w-0 p-5`}>
      <h2 id="audit-title" className="text-lg font-semibold text-ink">
        Audit log
      </h2>
      {!data ? (
        <p className="mt-3 text-muted">Loading…</p>
      ) : data.items.length === 0 ? (
        <p className="mt-3 text-muted">No decisions yet.</p>
      ) : (
        // Scrolls sideways at phone width; focusable so the keyboard can scroll it too.
        <div className="mt-3 max-w-full overflow-x-auto" tabIndex={0} role="region" aria-labelledby="audit-title">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  When
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Who
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  What
                </th>
                <th scope="col" className="py-2 font-medium">
                  Why
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line text-ink">
              {data.items.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
                  </td>
                  <td className="py-2 pr-4">{entry.actor.name}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {entry.action}
                    {entry.gameId !== null && (
                      <>
                        {' '}
                        <Link to={`/game-detail?id=${entry.gameId}`} className={textLinkStyle}>
                          game {entry.gameId}
                        </Link>
                      </>
                    )}
                  </td>
                  <td className="py-2">{entry.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
