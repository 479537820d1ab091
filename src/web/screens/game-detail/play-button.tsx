import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Game } from '../../../shared/games';
import { buttonStyles } from '../../components/styles';
import { apiPost } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { schema } from '../../lib/lazy-schema';
import { gameQuery } from '../../lib/queries';

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
 * 'Play' (or, for a paid game, 'Get it on the maker's site' with its price: it is bought there):
 * opens the game in a new tab and counts the play.
 */
export function PlayButton({ game }: { game: Pick<Game, 'id' | 'title' | 'playUrl' | 'price' | 'priceAmount'> }) {
  const paid = game.price !== 'free' && game.priceAmount !== undefined;
  const recordPlay = useRecordPlay(game.id);
  const play = () => {
    // Opened inside the click itself, so pop-up blockers let it through.
    window.open(game.playUrl, '_blank', 'noopener');
    recordPlay.mutate();
  };
  const describedBy = `play-${game.id}-new-tab`;
  return (
    <>
      <button type="button" onClick={play} aria-describedby={describedBy} className={`${buttonStyles.primary} px-6`}>
        <PlayIcon />
        {paid ? `Get it on the maker’s site (${formatPrice(game)})` : 'Play'}
        <span className="sr-only"> {game.title}</span>
      </button>
      <span id={describedBy} hidden>
        (opens in a new tab)
      </span>
    </>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
      <path d="M6 4.2v11.6a.8.8 0 0 0 1.2.7l9.3-5.8a.8.8 0 0 0 0-1.4L7.2 3.5a.8.8 0 0 0-1.2.7Z" />
    </svg>
  );
}
