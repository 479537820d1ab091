import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { Spinner } from '../../components/forms/submit-button';
import { buttonStyles } from '../../components/styles';
import { authCall, authClient } from '../../lib/auth-client';
import { accountKeys, endSession, sessionsQuery, type SessionRow } from './account-queries';
import { AccountSection } from './account-section';
import { describeDevice } from './describe-device';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsSection() {
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const refreshList = () => client.invalidateQueries({ queryKey: accountKeys.sessions });
  const revoke = useMutation({
    mutationFn: (session: SessionRow) => endSession(session.id),
    onSettled: refreshList,
  });
  const revokeOthers = useMutation({
    mutationFn: () => authCall(authClient.revokeOtherSessions()),
    onSettled: refreshList,
  });
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <AccountSection id="sessions" title="Where you are signed in" intro="Sign out of devices you do not recognise or no longer use.">
      {sessions.isPending && <p className="text-sm text-muted">Looking up your sessions…</p>}
      {sessions.error && (
        <FormAlert>
          We could not list your sessions: {sessions.error.message}{' '}
          <button type="button" onClick={() => void sessions.refetch()} className="font-semibold underline">
            Try again
          </button>
        </FormAlert>
      )}
      {sessions.data && (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              revoking={revoke.isPending && revoke.variables.id === session.id}
              onRevoke={() => revoke.mutate(session)}
            />
          ))}
        </ul>
      )}
      <div className="mt-4 space-y-3">
        <FormAlert>{revoke.error?.message ?? revokeOthers.error?.message}</FormAlert>
        <FormStatus>
          {revokeOthers.isSuccess && 'You are now signed out everywhere except on this device.'}
          {revoke.isSuccess && !revokeOthers.isSuccess && 'That device has been signed out.'}
        </FormStatus>
        {others.length > 0 && (
          <button type="button" onClick={() => revokeOthers.mutate()} disabled={revokeOthers.isPending} className={buttonStyles.secondary}>
            {revokeOthers.isPending && <Spinner />}
            Sign out everywhere else
          </button>
        )}
      </div>
    </AccountSection>
  );
}

interface SessionItemProps {
  session: SessionRow;
  revoking: boolean;
  onRevoke: () => void;
}

function SessionItem({ session, revoking, onRevoke }: SessionItemProps) {
  const detailsId = `session-${session.id}`;
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <div id={detailsId} className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {describeDevice(session.userAgent)}
          {session.current && (
            <span className="ml-2 inline-block whitespace-nowrap rounded-md bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-muted">
          {session.ipAddress ? `IP ${session.ipAddress} · ` : ''}Signed in {dateTime.format(session.createdAt)}
        </p>
        {session.userAgent && (
          <p className="truncate text-xs text-muted" title={session.userAgent}>
            {session.userAgent}
          </p>
        )}
      </div>
      {!session.current && (
        <button
          type="button"
          onClick={onRevoke}
          disabled={revoking}
          aria-describedby={detailsId}
          className={`${buttonStyles.secondary} shrink-0`}
        >
          {revoking && <Spinner />}
          Sign out
        </button>
      )}
    </li>
  );
}
