import { useQuery } from '@tanstack/react-query';
import { workStatusLabels, type WorkStatus } from '../../../shared/work-status-values';
import { CodeButton } from '../../components/code-button';
import { linkButtonStyle } from '../../components/styles';
import { isApiError } from '../../lib/api';
import { useAuthStatus } from '../../lib/auth-status';
import { gameViewerQuery } from '../../lib/game-viewer';
import { timeAgo, useWorksForMe } from '../../lib/still-works';
import { useHydrated } from '../../lib/use-hydrated';

const badgeStyles: Record<WorkStatus, string> = {
  working: 'bg-raised text-success-ink',
  'having-problems': 'bg-accent-soft text-accent-ink',
  'not-working': 'bg-danger-soft text-danger-ink',
};

/**
 * "Working · checked 3 hours ago" (decision 0067), and for members "It doesn't work for me". The
 * status comes with the page's viewer answer; "… ago" is added once the page's code runs, so the
 * server's render and the browser's first one read the same.
 */
export function WorkStatusLine({ gameId, title, yours }: { gameId: number; title: string; yours: boolean }) {
  const hydrated = useHydrated();
  const session = useAuthStatus();
  const { data: viewer } = useQuery(gameViewerQuery(gameId));
  const report = useWorksForMe(gameId);
  const data = viewer?.workStatus;
  if (!data) return null;
  const checked = hydrated && data.lastCheckedAt ? ` · checked ${timeAgo(data.lastCheckedAt)}` : '';
  const refused = report.isError && isApiError(report.error, 'resource-exhausted');
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <p className={`rounded-md px-2 py-0.5 font-semibold ${badgeStyles[data.status]}`}>
        <span className="sr-only">Status: </span>
        {workStatusLabels[data.status]}
        <span className="font-normal">{checked}</span>
      </p>
      {session === 'signed-in' && !yours && !report.isSuccess && (
        <CodeButton
          keptTap={`not-working:${gameId}`}
          className={linkButtonStyle}
          disabled={report.isPending}
          onClick={() => report.mutate()}
          aria-label={`It doesn't work for me: ${title}`}
        >
          It doesn’t work for me
        </CodeButton>
      )}
      <span
        role="status"
        className={report.isError && !refused ? 'text-danger-ink' : report.isSuccess || refused ? 'text-muted' : 'sr-only'}
      >
        {report.isSuccess && 'Thanks: the maker and other players will see it.'}
        {refused && 'You already said so this week.'}
        {report.isError && !refused && 'Could not send that. Try again.'}
      </span>
    </div>
  );
}
