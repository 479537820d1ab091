import { Link, useLocation } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { Screen } from '../../components/screen';
import { buttonStyles } from '../../components/styles';

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <Screen>
      <div className="mx-auto max-w-2xl py-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">Page not found</h1>
        <p className="mt-4 text-lg text-muted">
          There is no page at <code className="break-all rounded bg-raised px-1.5 py-0.5 text-ink">{pathname}</code>. It may have moved, or
          the address may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={pathOf('home')} className={buttonStyles.primary}>
            Go to the home page
          </Link>
          <Link to={pathOf('games')} className={buttonStyles.secondary}>
            Browse games
          </Link>
        </div>
      </div>
    </Screen>
  );
}
