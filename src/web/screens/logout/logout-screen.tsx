import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { FullScreenLoading } from '../../components/full-screen-loading';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { buttonStyles, cardStyle } from '../../components/styles';
import { authCall, authClient } from '../../lib/auth-client';
import { useLiveStreamHold } from '../../lib/live';
import { forgetSession } from '../../lib/session';

export default function LogoutScreen() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: async () => {
      await authCall(authClient.signOut());
      await forgetSession(client);
    },
    // The sign-in page says so: leaving a shared computer, a person wants to know it worked.
    onSuccess: () => navigate(pathOf('login'), { replace: true, state: { signedOut: true } }),
  });
  // No event stream opens while the session is ending: one that still asked for the user's topic
  // would reach the server after the sign-out and be refused (401).
  useLiveStreamHold(!signOut.isError);
  const started = useRef(false);
  const { mutate } = signOut;
  useEffect(() => {
    // Once, even when React mounts the screen twice in development.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (!signOut.isError) return <FullScreenLoading text="Signing you out..." />;
  return (
    <Screen>
      <div role="alert" className={`${cardStyle} mx-auto max-w-2xl p-6 sm:p-10`}>
        <PageIntro title="You are still signed in">We could not sign you out: {signOut.error.message}</PageIntro>
        <button type="button" onClick={() => signOut.mutate()} className={buttonStyles.primary}>
          Try again
        </button>
      </div>
    </Screen>
  );
}
