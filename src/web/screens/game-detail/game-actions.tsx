import { useQuery } from '@tanstack/react-query';
import type { Game, GameDetail } from '../../../shared/games';
import { FavouriteButton } from '../../components/favourite-button';
import { FollowButton } from '../../components/follow-button';
import { AddToListButton } from '../../components/lists/add-to-list-button';
import { NotInterestedButton } from '../../components/not-interested-button';
import { ReportButton } from '../../components/reports/report-button';
import { useAuthStatus } from '../../lib/auth-status';
import { useFavouriteIds } from '../../lib/favourites';
import { gameViewerQuery } from '../../lib/game-viewer';
import { PlayButton } from './play-button';

/** The game page's calls to action: Play, the favourite heart once it is known, and "Not interested" for members. */
export function GameActions({ game, yours }: { game: Game & { hostedBuild?: GameDetail['hostedBuild'] }; yours: boolean }) {
  // The game page's one request says whether it is a favourite: the heart waits for it rather than asking again.
  const { data: viewer } = useQuery(gameViewerQuery(game.id));
  const favouriteIds = useFavouriteIds(viewer ? [game.id] : []);
  const status = useAuthStatus();
  return (
    <div className="mt-6 flex flex-wrap items-start gap-3">
      <PlayButton game={game} />
      {favouriteIds && <FavouriteButton gameId={game.id} title={game.title} favourite={favouriteIds.has(game.id)} variant="labelled" />}
      <AddToListButton gameId={game.id} title={game.title} variant="labelled" />
      <FollowButton target={{ kind: 'game', id: game.id }} name={game.title} />
      {status === 'signed-in' && <NotInterestedButton target={{ kind: 'game', id: game.id }} name={game.title} />}
      {!yours && <ReportButton kind="game" targetId={String(game.id)} name={game.title} />}
    </div>
  );
}
