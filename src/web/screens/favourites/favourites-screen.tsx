import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GameGridSkeleton } from '../../components/game-grid';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { FavouriteGames } from './favourite-games';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export default function FavouritesScreen() {
  const [searchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  return (
    <Screen>
      <PageIntro title="Favourites">The games you have saved with the heart, newest first.</PageIntro>
      <Suspense fallback={<GameGridSkeleton count={8} label="Loading your favourites…" />}>
        <FavouriteGames page={page} />
      </Suspense>
    </Screen>
  );
}
