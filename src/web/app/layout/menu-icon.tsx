/**
 * The Menu button's icon: three lines, or a cross while its button says the menu is expanded. Drawn
 * from the button's `aria-expanded` (the button is a `group`), so it follows the page's first
 * script before the app's code arrives as well as the app.
 */
export function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path className="group-aria-expanded:hidden" strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
      <path className="hidden group-aria-expanded:block" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
