import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Me, SessionUser } from '../../../shared/accounts';
import { userTopic } from '../../../shared/live';
import { isNameless } from '../../../shared/nameless-member';
import { pathOf } from '../../../shared/routes';
import { apiGet, type ResponseSchema } from '../../lib/api';
import { useLiveTopics } from '../../lib/live';
import { notificationKeys } from '../../lib/notifications';
import { authKeys } from '../../lib/session';

/** Only the unread count, read by hand: the header stays free of the schema library. */
const unreadCount: ResponseSchema<number> = {
  parse: (body) => {
    const unread = (body as { unread?: unknown } | null)?.unread;
    if (typeof unread !== 'number') throw new Error('The notifications answer has no unread count.');
    return unread;
  },
};

/**
 * On the member's root, so a change on the user's own topic refreshes it (see lib/live.ts). It starts
 * from the count `/api/me` brought, as fresh as that answer: a page opens without a call of its own.
 */
function useUnreadCount(): number {
  const client = useQueryClient();
  const { data: unread = 0 } = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiGet('/api/me/notifications?pageSize=1', unreadCount, signal),
    initialData: () => client.getQueryData<Me>(authKeys.me)?.unreadNotifications,
    initialDataUpdatedAt: () => client.getQueryState(authKeys.me)?.dataUpdatedAt,
  });
  return unread;
}

/** A bell in the header with how many notifications are unread; it opens them on My games. */
export function NotificationBell({ user }: { user: SessionUser }) {
  // On a page rendered for every member like them, their topic is followed once they are named (site-header.tsx).
  useLiveTopics(isNameless(user) ? [] : [userTopic(user.id)]);
  const unread = useUnreadCount();
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={`${pathOf('my-games')}#notifications`}
      aria-label={label}
      title={label}
      className="relative rounded-lg p-2 text-ink hover:bg-raised"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinecap="round" strokeLinejoin="round" d="M6 9a6 6 0 1 1 12 0c0 6 2.5 7.5 2.5 7.5h-17S6 15 6 9zM10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-semibold leading-5 text-on-accent"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
