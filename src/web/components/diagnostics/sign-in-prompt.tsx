import { Link, useLocation } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { buttonStyles } from '../styles';

/** For a visitor on a diagnostic page: these steps work in your own space, so sign in first. */
export function SignInPrompt({ children }: { children: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-xl border border-line bg-raised p-4">
      <p className="min-w-0 flex-1 text-ink">{children}</p>
      <Link to={`${pathOf('login')}?next=${encodeURIComponent(pathname + search)}`} className={buttonStyles.primary}>
        Sign in
      </Link>
    </div>
  );
}
