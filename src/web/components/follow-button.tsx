import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { BACK_FIELD, FOLLOW_FIELD, followFormPath } from '../../shared/page-forms';
import { useAuthStatus } from '../lib/auth-status';
import { followStateQuery, useToggleFollow, type FollowTarget } from '../lib/follows';
import { formatCount } from '../lib/format';
import { buttonStyles } from './styles';

interface FollowButtonProps {
  target: FollowTarget;
  /** Who or what is followed, for the button's accessible name. */
  name: string;
}

/**
 * Follow / Following, with how many follow; visitors see the count only. A form, so a tap
 * before the page's code arrives is posted and the page comes back with it set (decision 0062);
 * once the code is here, it changes in place.
 */
export function FollowButton({ target, name }: FollowButtonProps) {
  const status = useAuthStatus();
  const { data } = useQuery(followStateQuery(target));
  const toggle = useToggleFollow(target);
  const { pathname, search } = useLocation();
  if (!data) return null;
  const followers = `${formatCount(data.followers)} ${data.followers === 1 ? 'follower' : 'followers'}`;
  if (status !== 'signed-in') return <p className="self-center text-sm text-muted">{followers}</p>;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    toggle.mutate(!data.following);
  };
  return (
    <form method="post" action={followFormPath(target)} onSubmit={onSubmit} className="inline-flex flex-wrap items-center gap-3">
      <input type="hidden" name={FOLLOW_FIELD} value={String(!data.following)} />
      <input type="hidden" name={BACK_FIELD} value={`${pathname}${search}`} />
      <button
        type="submit"
        aria-pressed={data.following}
        aria-label={data.following ? `Following ${name}` : `Follow ${name}`}
        disabled={toggle.isPending}
        className={data.following ? buttonStyles.secondary : buttonStyles.primary}
      >
        {data.following ? 'Following' : 'Follow'}
      </button>
      <span className="text-sm text-muted">{followers}</span>
      <span role="status" className={toggle.isError ? 'text-sm text-danger-ink' : 'sr-only'}>
        {toggle.isError ? 'Could not change that. Try again.' : ''}
      </span>
    </form>
  );
}
