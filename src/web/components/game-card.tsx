import { Link } from 'react-router';
import type { GameListItem } from '../../shared/games';
import { gameDetailHref } from '../lib/games-href';
import { FavouriteButton } from './favourite-button';
import { PlayCount, PriceTag, RatingBadge } from './game-stats';
import { AddToListButton } from './lists/add-to-list-button';
import { cardStyle } from './styles';

interface GameCardProps {
  game: GameListItem;
  /** The display name of the game's category (its grid reads the names once for all its cards). */
  categoryName: string;
  titleAs?: 'h2' | 'h3';
  /** Whether it is one of the signed-in user's favourites; no heart is shown when unknown. */
  favourite?: boolean;
  /** On screen as the page opens: the cover loads at once with high priority. */
  inView?: boolean;
}

export function GameCard({ game, categoryName, titleAs: Title = 'h2', favourite, inView = false }: GameCardProps) {
  return (
    <article
      className={`${cardStyle} group relative flex w-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-ring`}
    >
      <img
        src={game.image}
        alt={game.imageAlt}
        width={640}
        height={360}
        loading={inView ? 'eager' : 'lazy'}
        fetchPriority={inView ? 'high' : 'auto'}
        decoding="async"
        className="aspect-video w-full bg-raised object-cover"
      />
      {favourite !== undefined && <FavouriteButton gameId={game.id} title={game.title} favourite={favourite} />}
      <AddToListButton gameId={Number(game.id)} title={game.title} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-accent-ink">{categoryName}</p>
        <Title className="text-lg font-semibold leading-snug text-ink">
          <Link to={gameDetailHref(game.id)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {game.title}
          </Link>
        </Title>
        <p className="line-clamp-2 text-sm text-muted">{game.tagline}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2">
          <PriceTag game={game} />
          <RatingBadge rating={game.rating} ratingCount={game.ratingCount} />
          <PlayCount count={game.playCount} />
        </div>
      </div>
    </article>
  );
}
