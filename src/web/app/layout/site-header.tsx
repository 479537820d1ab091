import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { SessionUser } from '../../../shared/accounts';
import { isNameless } from '../../../shared/nameless-member';
import { findAppRoute } from '../../../shared/routes';
import { buttonStyles, containerStyle } from '../../components/styles';
import { useLiveStreamHold } from '../../lib/live';
import { useAuth, type AuthStatus } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { AccountMenu, displayName } from './account-menu';
import { Logo } from './logo';
import { MenuIcon } from './menu-icon';
import { accountItemsFor, mainNavItems, signInItem } from './nav-items';
import { NotificationBell } from './notification-bell';
import { ThemeSwitch } from './theme-switch';

/** Pages that should not be returned to after signing in from the header. */
const noReturnRoutes = new Set(['home', 'login', 'logout', 'reset-password', 'magic-link', 'verify-email']);

/** 'Sign in', coming back to this page afterwards. */
function useSignInHref(): string {
  const { pathname, search } = useLocation();
  const route = findAppRoute(pathname);
  if (!route || noReturnRoutes.has(route.id)) return signInItem.to;
  return `${signInItem.to}?next=${encodeURIComponent(pathname + search)}`;
}

const navLinkStyle = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-accent-soft text-accent-ink' : 'text-muted hover:bg-raised hover:text-ink'
  }`;

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { status, user } = useAuth();
  // The bell follows the user's topic once the sign-in state is known, and on a rendered page
  // once the member is named (decision 0081): the stream waits for it.
  useLiveStreamHold(status === 'loading' || (user !== null && isNameless(user)));
  const signInHref = useSignInHref();
  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };
  const menuButton = useRef<HTMLButtonElement>(null);
  useOpenMenuHoldsFocus(menuOpen, () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  });
  // Until the app has the header, public/theme-init.js opens and closes the menu (decision 0062):
  // one opened then stays open as the app takes it over.
  const hydrated = useHydrated();
  useEffect(() => {
    if (menuButton.current?.getAttribute('aria-expanded') === 'true') setMenuOpen(true);
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page/90 backdrop-blur supports-[backdrop-filter]:bg-page/75">
      <div className={`${containerStyle} relative flex h-16 items-center gap-2 lg:gap-6`}>
        <Logo />
        {/* The Menu button comes before its links, so Tab reaches them right after opening it; at phone width it shows at the end of the row. */}
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          data-menu-button={hydrated ? 'app' : 'page'}
          onClick={() => setMenuOpen((open) => !open)}
          className="group order-last rounded-lg p-2 text-ink hover:bg-raised lg:hidden"
        >
          <MenuIcon />
          <span className="sr-only">Menu</span>
        </button>
        <nav
          id="site-nav"
          aria-label="Main"
          onClick={closeOnLinkClick}
          className={`${menuOpen ? 'block' : 'hidden'} absolute inset-x-0 top-16 border-b border-line bg-page px-4 pb-4 pt-2 shadow-lg lg:static lg:block lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
        >
          <ul className="flex flex-col gap-1 lg:flex-row">
            {mainNavItems.map((item) => (
              <li key={item.to} className={item.secondary ? 'lg:hidden 2xl:block' : undefined}>
                <NavLink to={item.to} className={navLinkStyle}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <MenuAccountItems status={status} user={user} signInHref={signInHref} />
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <ThemeSwitch />
          {status === 'signed-in' && user && <NotificationBell user={user} />}
          <div className="hidden lg:block">
            {status === 'signed-in' && user && <AccountMenu user={user} />}
            {status === 'signed-out' && (
              <Link to={signInHref} className={`${buttonStyles.primary} py-2`}>
                {signInItem.label}
              </Link>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * While the phone-width menu is open, the page under it is inert (Tab stays in the header)
 * and Escape closes it from anywhere, giving focus back to the Menu button.
 */
function useOpenMenuHoldsFocus(open: boolean, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const covered = [document.getElementById('main'), document.querySelector('footer')].filter((element) => element !== null);
    for (const element of covered) element.inert = true;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', closeOnEscape);
    // Widened past the phone layout, the links sit in the header and the page is in use again.
    const wide = window.matchMedia('(min-width: 64rem)');
    const closeWhenWide = () => {
      if (wide.matches) closeRef.current();
    };
    wide.addEventListener('change', closeWhenWide);
    return () => {
      for (const element of covered) element.inert = false;
      document.removeEventListener('keydown', closeOnEscape);
      wide.removeEventListener('change', closeWhenWide);
    };
  }, [open]);
}

interface MenuAccountItemsProps {
  status: AuthStatus;
  user: SessionUser | null;
  signInHref: string;
}

/** The account links in the phone-width menu; on wide screens the header shows them itself. */
function MenuAccountItems({ status, user, signInHref }: MenuAccountItemsProps) {
  if (status === 'loading') return null;
  if (!user) {
    return (
      <li className="lg:hidden">
        <NavLink to={signInHref} className={navLinkStyle}>
          {signInItem.label}
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li className="mt-2 border-t border-line px-3 pb-1 pt-3 text-xs text-muted lg:hidden">
        {isNameless(user) ? (
          'Signed in'
        ) : (
          <>
            Signed in as <span className="font-medium text-ink">{displayName(user)}</span>
          </>
        )}
      </li>
      {accountItemsFor(user).map((item) => (
        <li key={item.to} className="lg:hidden">
          <NavLink to={item.to} className={navLinkStyle}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}
