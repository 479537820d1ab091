import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonStyles, containerStyle } from '../../components/styles';
import { Logo } from './logo';
import { MenuIcon } from './menu-icon';
import { mainNavItems, signInItem } from './nav-items';
import { ThemeSwitch } from './theme-switch';

const navLinkStyle = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-accent-soft text-accent-ink' : 'text-muted hover:bg-raised hover:text-ink'
  }`;

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeOnLinkClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') setMenuOpen(false);
  };

  return (
    <header
      onKeyDown={closeOnEscape}
      className="sticky top-0 z-40 border-b border-line bg-page/90 backdrop-blur supports-[backdrop-filter]:bg-page/75"
    >
      <div className={`${containerStyle} relative flex h-16 items-center gap-6`}>
        <Logo />
        <nav
          id="site-nav"
          aria-label="Main"
          onClick={closeOnLinkClick}
          className={`${menuOpen ? 'block' : 'hidden'} absolute inset-x-0 top-16 border-b border-line bg-page px-4 pb-4 pt-2 shadow-lg lg:static lg:block lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}
        >
          <ul className="flex flex-col gap-1 lg:flex-row">
            {mainNavItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkStyle}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li className="lg:hidden">
              <NavLink to={signInItem.to} className={navLinkStyle}>
                {signInItem.label}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <ThemeSwitch />
          <div className="hidden lg:block">
            <Link to={signInItem.to} className={`${buttonStyles.primary} py-2`}>
              {signInItem.label}
            </Link>
          </div>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded-lg p-2 text-ink hover:bg-raised lg:hidden"
          >
            <MenuIcon open={menuOpen} />
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
    </header>
  );
}
