import { useQuery } from '@tanstack/react-query';
import { useAuthStatus } from '../lib/auth-status';
import { followStateQuery, useToggleFollow, type FollowTarget } from '../lib/follows';
import { formatCount } from '../lib/format';
import { useHydrated } from '../lib/use-hydrated';
import { buttonStyles } from './styles';

interface FollowButtonProps {
  target: FollowTarget;
  /** Who or what is followed, for the button's accessible name. */
  name: string;
}

/** Follow / Following, with how many follow; visitors see the count only. */
export function FollowButton({ target, name }: FollowButtonProps) {
  const status = useAuthStatus();
  const { data } = useQuery(followStateQuery(target));
  const toggle = useToggleFollow(target);
  // Following takes a script: until the page's code arrives the button says it is not ready (decision 0062).
  const hydrated = useHydrated();
  if (!data) return null;
  const followers = `${formatCount(data.followers)} ${data.followers === 1 ? 'follower' : 'followers'}`;
  if (status !== 'signed-in') return <p className="self-center text-sm text-muted">{followers}</p>;
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={data.following}
        aria-label={data.following ? `Following ${name}` : `Follow ${name}`}
        disabled={!hydrated || toggle.isPending}
        onClick={() => toggle.mutate(!data.following)}
        className={data.following ? buttonStyles.secondary : buttonStyles.primary}
      >
        {data.following ? 'Following' : 'Follow'}
      </button>
      <span className="text-sm text-muted">{followers}</span>
      <span role="status" className={toggle.isError ? 'text-sm text-danger-ink' : 'sr-only'}>
        {toggle.isError ? 'Could not change that. Try again.' : ''}
      </span>
    </span>
  );
}
