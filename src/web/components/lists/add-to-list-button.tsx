import { lazy, Suspense, useState } from 'react';
import { CodeButton } from '../code-button';
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
  const label = `Add ${title} to a list`;
  return (
    <>
      <CodeButton
        keptTap={`add-to-list:${variant}:${gameId}`}
        aria-haspopup="dialog"
        // With words shown, the name starts with them, so voice control finds it by them.
        aria-label={variant === 'overlay' ? label : `Add to list: ${title}`}
        title={label}
        onClick={() => setOpen(true)}
        className={variant === 'overlay' ? overlayStyle : buttonStyles.secondary}
      >
        <ListPlusIcon />
        {variant === 'labelled' && <span>Add to list</span>}
      </CodeButton>
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
