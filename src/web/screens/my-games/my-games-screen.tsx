import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { userTopic } from '../../../shared/live';
import type { SubmissionView } from '../../../shared/submissions';
import { FormStatus } from '../../components/forms/form-messages';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { buttonStyles } from '../../components/styles';
import { useLiveTopics } from '../../lib/live';
import { useAuth } from '../../lib/session';
import { mySubmissionsQuery } from '../../lib/submissions';
import { NotificationsList } from './notifications-list';
import { SubmissionCard } from './submission-card';
import { WebBuildPanel } from './web-build-panel';

export default function MyGamesScreen() {
  const { user } = useAuth();
  // Decisions arrive on the user's own topic: statuses and notifications refresh by themselves.
  useLiveTopics(user ? [userTopic(user.id)] : []);
  const { data, error } = useQuery(mySubmissionsQuery());
  const [searchParams] = useSearchParams();
  const items = data?.items ?? [];
  // Several submissions may belong to one listed game (an edit after the first); its numbers show once.
  const statsShown = new Set<number>();

  return (
    <Screen>
      <PageIntro title="My games" eyebrow="For makers">
        Your submissions and how your listed games are doing.
      </PageIntro>
      <FormStatus>{searchParams.get('sent') ? 'Sent for review. We will let you know here and by e-mail.' : ''}</FormStatus>
      <div className="mb-6 mt-4">
        <Link to="/submit-game" className={buttonStyles.primary}>
          Submit a new game
        </Link>
      </div>
      <div className="space-y-6">
        <NotificationsList />
        <section aria-labelledby="my-submissions-title" className="space-y-4">
          <h2 id="my-submissions-title" className="text-xl font-semibold text-ink">
            Submissions
          </h2>
          {error && <p className="text-danger-ink">{error.message}</p>}
          {data && items.length === 0 && <p className="text-muted">You have not submitted a game yet.</p>}
          {items.map((submission) => {
            const first = submission.status === 'published' && submission.gameId !== null && !statsShown.has(submission.gameId);
            if (first) statsShown.add(submission.gameId!);
            return <SubmissionCard key={submission.id} submission={submission} showStats={first} />;
          })}
        </section>
        <WebBuilds submissions={items} />
      </div>
    </Screen>
  );
}

/** One panel per game of the maker's that has an id: listed, listed with an edit pending, or new with a build sent. */
function WebBuilds({ submissions }: { submissions: readonly SubmissionView[] }) {
  const gamesWithIds = new Map<number, string>();
  for (const submission of submissions) {
    const { buildGameId } = submission;
    if (buildGameId !== null && !gamesWithIds.has(buildGameId)) gamesWithIds.set(buildGameId, submission.payload.title ?? 'Untitled game');
  }
  if (gamesWithIds.size === 0) return null;
  return (
    <section aria-labelledby="web-builds-title" className="space-y-4">
      <h2 id="web-builds-title" className="text-xl font-semibold text-ink">
        Web builds
      </h2>
      {[...gamesWithIds].map(([gameId, title]) => (
        <WebBuildPanel key={gameId} gameId={gameId} title={title} />
      ))}
    </section>
  );
}
