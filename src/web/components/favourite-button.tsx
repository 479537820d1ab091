import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { BACK_FIELD, FAVOURITE_FIELD, favouriteFormPath } from '../../shared/page-forms';
import { useToggleFavourite } from '../lib/favourites';
import { buttonStyles } from './styles';

interface FavouriteButtonProps {
  gameId: number | string;
  title: string;
  favourite: boolean;
  /** 'overlay': a round heart over a card's cover; 'labelled': a button with the word beside the heart. */
  variant?: 'overlay' | 'labelled';
}

const overlayStyle =
  'relative z-10 grid size-10 place-items-center rounded-full border border-line bg-page/85 text-ink shadow-sm backdrop-blur transition-colors hover:bg-surface focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The heart that adds a game to the signed-in user's favourites, or takes it out. A form, so a
 * heart tapped before the page's code arrives is posted and the page comes back with it set
 * (decision 0062); once the code is here, it changes at once without leaving the page.
 */
export function FavouriteButton({ gameId, title, favourite, variant = 'overlay' }: FavouriteButtonProps) {
  const toggle = useToggleFavourite();
  const label = favourite ? `Remove ${title} from favourites` : `Add ${title} to favourites`;
  const { pathname, search } = useLocation();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    toggle.mutate({ id: Number(gameId), favourite: !favourite });
  };
  const failed = toggle.isError
    ? `Could not ${toggle.variables.favourite ? 'add' : 'remove'} ${title} ${toggle.variables.favourite ? 'to' : 'from'} favourites. Try again.`
    : '';
  return (
    // 'contents': beside Play, the button and its message join the row, the message on a line of its own.
    <form
      method="post"
      action={favouriteFormPath(Number(gameId))}
      onSubmit={onSubmit}
      className={variant === 'overlay' ? 'absolute right-2 top-2 z-10 flex flex-col items-end gap-1' : 'contents'}
    >
      <input type="hidden" name={FAVOURITE_FIELD} value={String(!favourite)} />
      <input type="hidden" name={BACK_FIELD} value={`${pathname}${search}`} />
      <button
        type="submit"
        aria-pressed={favourite}
        // With a word shown, the name starts with that word, so voice control finds it by it.
        aria-label={variant === 'overlay' ? label : `Favourite: ${title}`}
        title={label}
        className={variant === 'overlay' ? overlayStyle : buttonStyles.secondary}
      >
        <HeartIcon filled={favourite} />
        {variant === 'labelled' && <span>Favourite</span>}
      </button>
      <span
        role="status"
        className={
          failed
            ? `rounded-md bg-danger-soft px-2 py-1 text-xs font-medium text-danger-ink ${variant === 'labelled' ? 'basis-full sm:basis-auto sm:self-center' : ''}`
            : 'sr-only'
        }
      >
        {failed}
      </span>
    </form>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`size-5 ${filled ? 'text-danger-ink' : ''}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.4 4.5 6.9 4.5c2 0 3.6 1.1 5.1 3 1.5-1.9 3.1-3 5.1-3 3.5 0 5.3 3.5 4.2 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
    </svg>
  );
}
