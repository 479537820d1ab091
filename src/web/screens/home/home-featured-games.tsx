import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { GameGrid, GameGridSkeleton } from '../../components/game-grid';
import { gamesHref } from '../../lib/games-href';
import { gamesQuery } from '../../lib/queries';
import { HomeSection } from './home-section';

const FEATURED_COUNT = 4;

export function HomeFeaturedGames() {
  return (
    <HomeSection id="featured-title" title="From the catalogue" more={{ to: gamesHref(), label: 'See all games' }}>
      <Suspense fallback={<GameGridSkeleton count={FEATURED_COUNT} label="Loading games…" />}>
        <FeaturedGames />
      </Suspense>
    </HomeSection>
  );
}

function FeaturedGames() {
  const { data } = useSuspenseQuery(gamesQuery({ page: 1 }));
  const games = data.items.slice(0, FEATURED_COUNT);
  if (games.length === 0) {
    return <p className="text-muted">No games are listed yet. The first ones are on their way.</p>;
  }
  return <GameGrid games={games} titleAs="h3" label="Games from the catalogue" />;
}
