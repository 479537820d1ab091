import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserRole } from '../../../shared/accounts';
import { Screen } from '../../components/screen';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../../lib/session';

/** Moderators and admins see the children; anyone else a plain refusal, and none of the queue. */
export function RequireStaff({ children }: { children: (role: UserRole) => ReactNode }) {
  const { user } = useAuth();
  if (user && (user.role === 'moderator' || user.role === 'admin')) return children(user.role);
  return (
    <Screen>
      <div className="mx-auto max-w-2xl py-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">403</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">Moderators only</h1>
        <p className="mt-4 text-lg text-muted">This page is for GameSource's moderators and administrators.</p>
        <Link to="/games" className={`${buttonStyles.primary} mt-8`}>
          Browse games
        </Link>
      </div>
    </Screen>
  );
}
