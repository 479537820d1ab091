export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-accent font-semibold text-on-accent shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[60] focus:px-4 focus:py-2"
    >
      Skip to main content
    </a>
  );
}
