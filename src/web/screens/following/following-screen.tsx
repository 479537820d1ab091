import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GameGridSkeleton } from '../../components/game-grid';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { FollowingGames } from './following-games';
import { FollowingUpdates } from './following-updates';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** `/following`: the makers' latest update posts, then games by the makers and games the user follows, the latest change first. */
export default function FollowingScreen() {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  return (
    <Screen>
      <PageIntro title="Following">New and updated games, and their makers' updates, from the makers and games you follow.</PageIntro>
      <FollowingUpdates />
      <Suspense fallback={<GameGridSkeleton count={8} label="Loading the games you follow…" />}>
        <FollowingGames page={page} />
      </Suspense>
    </Screen>
  );
}
