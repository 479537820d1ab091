import { useSearchParams } from 'react-router';
import { gameTopic } from '../../../shared/live';
import { LiveSuspense } from '../../components/live-suspense';
import { Screen } from '../../components/screen';
import { useLiveTopics } from '../../lib/live';
import { BackToGames } from './back-to-games';
import { InvalidGameId } from './game-detail-messages';
import { GameDetails } from './game-details';
import { GameDetailsSkeleton } from './game-details-skeleton';
import { MoreLikeThis } from './more-like-this';
import { parseGameId } from './parse-game-id';

export default function GameDetailScreen() {
  const [searchParams] = useSearchParams();
  const id = parseGameId(searchParams.get('id'));
  useLiveTopics(id === null ? [] : [gameTopic(id)]);
  return (
    <Screen>
      <BackToGames />
      {id === null ? (
        <InvalidGameId />
      ) : (
        <>
          <LiveSuspense key={id} fallback={<GameDetailsSkeleton />}>
            <GameDetails id={id} />
          </LiveSuspense>
          <MoreLikeThis key={id} id={id} />
        </>
      )}
    </Screen>
  );
}
