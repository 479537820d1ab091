import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { GameDetail } from '../../../shared/games';
import { PLAY_WHERE_FIELD, playFormPath, PLAYING_PARAM } from '../../../shared/page-forms';
import { buttonStyles } from '../../components/styles';
import { apiPost } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { gameQuery } from '../../lib/games-query';
import { schema } from '../../lib/lazy-schema';
import { playButtonId } from './game-player';

type PlayableGame = Pick<GameDetail, 'id' | 'title' | 'playUrl' | 'price' | 'priceAmount'> & Partial<Pick<GameDetail, 'hostedBuild'>>;
type HostedBuild = NonNullable<GameDetail['hostedBuild']>;

/** Counts a play; the answer's count replaces the one shown on the game page. */
function useRecordPlay(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`/api/games/${id}/plays`, undefined, schema('playResultSchema')),
    onSuccess: ({ playCount }) => {
      client.setQueryData(gameQuery(id).queryKey, (game) => game && { ...game, playCount });
    },
  });
}

/**
 * Play. A game whose web build is hosted here plays in its own page (decision 0071); any other
 * opens in a new tab ('Get it on the maker's site' with its price for a paid one: it is bought
 * there). Either way a form, so it works before the page's code arrives: the server counts the
 * play and answers with the page playing, or the game's address (decision 0062). Once the code
 * is here, it plays the game itself and shows the new count.
 */
export function PlayButton({ game }: { game: PlayableGame }) {
  const build = game.hostedBuild;
  if (!build) return <PlayInNewTab game={game} />;
  // A browser isolates only a whole tab: a game that needs it plays at the top of its own (decision 0073).
  return build.crossOriginIsolated ? <PlayInNewTab game={game} build={build} /> : <PlayHere game={game} />;
}

function PlayHere({ game }: { game: PlayableGame }) {
  const recordPlay = useRecordPlay(game.id);
  const [, setSearch] = useSearchParams();
  const play = (event: FormEvent) => {
    event.preventDefault();
    recordPlay.mutate();
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(PLAYING_PARAM, '1');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <form method="post" action={playFormPath(game.id)} onSubmit={play} className="contents">
      <input type="hidden" name={PLAY_WHERE_FIELD} value="page" />
      <button id={playButtonId(game.id)} type="submit" className={`${buttonStyles.primary} px-6`}>
        <PlayIcon />
        Play<span className="sr-only"> {game.title} here</span>
      </button>
    </form>
  );
}

function PlayInNewTab({ game, build }: { game: PlayableGame; build?: HostedBuild }) {
  const paid = game.price !== 'free' && game.priceAmount !== undefined && !build;
  const recordPlay = useRecordPlay(game.id);
  const play = (event: FormEvent) => {
    event.preventDefault();
    // Opened inside the click itself, so pop-up blockers let it through.
    window.open(build?.playUrl ?? game.playUrl, '_blank', 'noopener');
    recordPlay.mutate();
  };
  const describedBy = `play-${game.id}-new-tab`;
  return (
    <form method="post" action={playFormPath(game.id)} target="_blank" onSubmit={play} className="contents">
      {build && <input type="hidden" name={PLAY_WHERE_FIELD} value="build" />}
      <button id={playButtonId(game.id)} type="submit" aria-describedby={describedBy} className={`${buttonStyles.primary} px-6`}>
        <PlayIcon />
        {paid ? `Get it on the maker’s site (${formatPrice(game)})` : 'Play'}
        <span className="sr-only"> {game.title}</span>
      </button>
      <span id={describedBy} hidden>
        {build ? '(opens in a tab of its own: this game uses threads, which a browser allows only there)' : '(opens in a new tab)'}
      </span>
    </form>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M6 4.2v11.6a.8.8 0 0 0 1.2.7l9.3-5.8a.8.8 0 0 0 0-1.4L7.2 3.5a.8.8 0 0 0-1.2.7Z" />
    </svg>
  );
}
