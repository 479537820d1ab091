import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { isNameless } from '../../../shared/nameless-member';
import { Avatar } from '../../components/avatar';
import { useHydrated } from '../../lib/use-hydrated';
import { accountItemsFor } from './nav-items';

/** What the header calls the signed-in user: empty while a page rendered for every member is not yet theirs (decision 0081). */
export function displayName(user: SessionUser): string {
  return user.name.trim() || (user.username ? `@${user.username}` : user.email);
}

/** The signed-in user's name in the header, opening a small menu (wide screens). */
export function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The menu takes a script: until the page's code arrives the button says it is not ready (decision 0062).
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div ref={container} className="relative" onKeyDown={closeOnEscape} onBlur={closeWhenFocusLeaves}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="account-menu"
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        className="flex max-w-[14rem] items-center gap-2 rounded-lg border border-line bg-surface py-1.5 pl-1.5 pr-3 text-sm font-medium text-ink hover:bg-raised disabled:cursor-not-allowed disabled:opacity-60"
      >
        {isNameless(user) ? (
          <span aria-hidden="true" className="size-7 shrink-0 rounded-full bg-raised" />
        ) : (
          <Avatar name={displayName(user).replace(/^@/, '')} image={user.image} size="xs" />
        )}
        <span className="truncate">{displayName(user) || 'Account'}</span>
        <span className="sr-only"> (account menu)</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-muted" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id="account-menu"
        hidden={!open}
        className="absolute right-0 top-full mt-2 w-60 rounded-xl border border-line bg-surface p-2 shadow-lg"
      >
        {!isNameless(user) && (
          <p className="px-3 py-2 text-xs text-muted">
            Signed in as
            <span className="block truncate text-sm font-medium text-ink">{user.username ? `@${user.username}` : user.email}</span>
          </p>
        )}
        <ul>
          {accountItemsFor(user).map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-raised"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
