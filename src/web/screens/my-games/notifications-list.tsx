import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { cardStyle, linkButtonStyle, textLinkStyle } from '../../components/styles';
import { notificationsQuery, useNotificationMutations } from '../../lib/notifications';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What moderators decided about your games, newest first; unread ones stand out. */
export function NotificationsList() {
  const { data } = useQuery(notificationsQuery());
  const { markRead, markAllRead } = useNotificationMutations();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const shown = Boolean(data && data.items.length > 0);
  // The header's bell links here; the list arrives after the page, so the browser cannot scroll to it.
  useEffect(() => {
    if (shown && hash === '#notifications') section.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  if (!data || !shown) return null;
  return (
    <section ref={section} id="notifications" aria-labelledby="notifications-title" className={`${cardStyle} scroll-mt-20 p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="notifications-title" className="text-lg font-semibold text-ink">
          Notifications{' '}
          {data.unread > 0 && <span className="ml-1 rounded-full bg-accent px-2 py-0.5 text-xs text-on-accent">{data.unread} new</span>}
        </h2>
        {data.unread > 0 && (
          <button type="button" className={linkButtonStyle} onClick={() => markAllRead.mutate()}>
            Mark all as read
          </button>
        )}
      </div>
      <ul className="mt-3 divide-y divide-line">
        {data.items.map((n) => (
          <li key={n.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p className={`font-medium ${n.read ? 'text-muted' : 'text-ink'}`}>
                {!n.read && <span className="sr-only">New: </span>}
                {n.title}
              </p>
              <p className="text-sm text-muted">{n.body}</p>
              <p className="text-xs text-muted">
                <time dateTime={n.createdAt}>{when.format(new Date(n.createdAt))}</time>
                {n.link && n.link !== '/my-games' && (
                  <>
                    {' · '}
                    <Link to={n.link} className={textLinkStyle}>
                      Open
                    </Link>
                  </>
                )}
              </p>
            </div>
            {!n.read && (
              <button type="button" className={`${linkButtonStyle} shrink-0 self-start text-sm`} onClick={() => markRead.mutate(n.id)}>
                Mark as read
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
