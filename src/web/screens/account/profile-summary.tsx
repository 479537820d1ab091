import type { SessionUser } from '../../../shared/accounts';
import { ResendConfirmation } from '../../components/auth/resend-confirmation';
import { AccountSection } from './account-section';

const roleNames: Record<SessionUser['role'], string> = { user: 'Member', moderator: 'Moderator', admin: 'Administrator' };

export function ProfileSummary({ user }: { user: SessionUser }) {
  const phoneOnly = user.email.endsWith('.invalid');
  const facts: [string, string][] = [
    ['Name', user.name || '—'],
    ['Username', user.username ? `@${user.username}` : 'Not chosen yet'],
    ['E-mail', phoneOnly ? 'None yet' : user.email],
    ['Role', roleNames[user.role]],
  ];
  return (
    <AccountSection id="profile" title="Your account">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0 rounded-xl bg-raised px-4 py-3">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{term}</dt>
            <dd className="mt-1 break-words text-ink">
              {value}
              {term === 'E-mail' && !phoneOnly && (
                <span className={`block text-sm font-medium ${user.emailVerified ? 'text-success-ink' : 'text-danger-ink'}`}>
                  {user.emailVerified ? 'Verified' : 'Not verified'}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {!user.emailVerified && !phoneOnly && (
        <div className="mt-5">
          <p className="mb-3 text-sm text-muted">Confirm your e-mail address with the link we sent you.</p>
          <ResendConfirmation email={user.email} variant="secondary" />
        </div>
      )}
    </AccountSection>
  );
}
