import { lazy, Suspense, useState } from 'react';
import { useKeptTap, waitsForCode } from '../../lib/kept-tap';
import { useHydrated } from '../../lib/use-hydrated';
import { buttonStyles, waitingForCodeStyle } from '../styles';

// The dialog brings the document client along: loaded the first time someone opens it.
const AddToListDialog = lazy(() => import('./add-to-list-dialog'));

interface AddToListButtonProps {
  gameId: number;
  title: string;
  /** 'overlay': a round button over a card's cover; 'labelled': a button with words, for the game page. */
  variant?: 'overlay' | 'labelled';
}

const overlayStyle = `absolute left-2 top-2 z-10 grid size-10 place-items-center rounded-full border border-line bg-page/85 text-ink shadow-sm backdrop-blur transition-colors hover:bg-surface focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${waitingForCodeStyle}`;

/** "Add to list": opens a small dialog listing the user's lists, with a new list form. */
export function AddToListButton({ gameId, title, variant = 'overlay' }: AddToListButtonProps) {
  const [open, setOpen] = useState(false);
  // The dialog takes a script: until the page's code arrives the button says it is not ready,
  // and a tap on it opens the dialog once it has (decision 0062).
  const hydrated = useHydrated();
  const keptTap = `add-to-list:${variant}:${gameId}`;
  useKeptTap(keptTap, hydrated, () => setOpen(true));
  const label = `Add ${title} to a list`;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        {...waitsForCode(keptTap, hydrated)}
        // With words shown, the name starts with them, so voice control finds it by them.
        aria-label={variant === 'overlay' ? label : `Add to list: ${title}`}
        title={label}
        onClick={() => hydrated && setOpen(true)}
        className={variant === 'overlay' ? overlayStyle : buttonStyles.secondary}
      >
        <ListPlusIcon />
        {variant === 'labelled' && <span>Add to list</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AddToListDialog gameId={gameId} title={title} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function ListPlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h11M4 12h11M4 18h7M18 15v6M15 18h6" />
    </svg>
  );
}
