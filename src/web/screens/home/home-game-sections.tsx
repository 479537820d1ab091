import { useSuspenseQuery } from '@tanstack/react-query';
import type { GameListItem } from '../../../shared/games';
import type { Home } from '../../../shared/home';
import { GameGrid, GameGridSkeleton } from '../../components/game-grid';
import { LiveSuspense } from '../../components/live-suspense';
import { useAuthStatus } from '../../lib/auth-status';
import { homeQuery } from '../../lib/home';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';
import { catalogueHref } from './catalogue-href';
import { ForYouSection } from './for-you-section';
import { HomeSection } from './home-section';

/** "For you" (signed in), then featured, trending, newest and top rated: one request for all. */
export function HomeGameSections() {
  const status = useAuthStatus();
  if (status === 'loading') return <SectionsSkeleton />;
  return (
    <LiveSuspense fallback={<SectionsSkeleton />}>
      <Sections signedIn={status === 'signed-in'} />
    </LiveSuspense>
  );
}

function Sections({ signedIn }: { signedIn: boolean }) {
  const { data } = useSuspenseQuery(homeQuery(signedIn));
  // Onboarding ends at "For you" (/#for-you-title), which exists only once the sections are here.
  useScrollToHash();
  return (
    <>
      {data.forYou && <ForYouSection forYou={data.forYou} />}
      {data.featured.length > 0 && <GamesSection id="featured-title" title="Featured" games={data.featured} more={catalogueHref()} />}
      <TrendingSection home={data} />
      <GamesSection id="newest-title" title="New on GameSource" games={data.newest} more={catalogueHref('newest')} />
      <GamesSection id="top-rated-title" title="Top rated" games={data.topRated} more={catalogueHref('top-rated')} />
    </>
  );
}

function TrendingSection({ home }: { home: Home }) {
  if (home.trending.length === 0) {
    return (
      <HomeSection id="trending-title" title="Trending this week">
        <p className="text-muted">Nothing has been played this week yet. Be the first: pick a game below.</p>
      </HomeSection>
    );
  }
  return <GamesSection id="trending-title" title="Trending this week" games={home.trending} more={catalogueHref('trending')} />;
}

interface GamesSectionProps {
  id: string;
  title: string;
  games: GameListItem[];
  more: string;
}

function GamesSection({ id, title, games, more }: GamesSectionProps) {
  return (
    <HomeSection id={id} title={title} more={{ to: more, label: 'See all' }}>
      {games.length > 0 ? (
        <GameGrid games={games} titleAs="h3" label={title} />
      ) : (
        <p className="text-muted">No games are listed yet. The first ones are on their way.</p>
      )}
    </HomeSection>
  );
}

function SectionsSkeleton() {
  return (
    <HomeSection id="home-loading-title" title="Games">
      <GameGridSkeleton count={4} label="Loading games…" />
    </HomeSection>
  );
}
