import { useSignInMethods } from '../../lib/session';
import { textLinkStyle } from '../styles';

/**
 * Where the message went when GameSource runs without a mail server (someone trying it on their
 * own computer): the local outbox, opened once with the link the server printed at start.
 */
export function LocalOutboxNote({ to }: { to: string }) {
  const methods = useSignInMethods();
  if (!methods.data?.localOutbox) return null;
  return (
    <p className="text-sm text-muted">
      Running GameSource yourself? No mail server is set up, so messages wait in the local outbox on the computer it runs on. Open the
      “Local outbox” link that GameSource printed in its console (the terminal where it was started) once in this browser, then{' '}
      <a className={textLinkStyle} href={`/dev/outbox?to=${encodeURIComponent(to)}`}>
        open your message in the outbox
      </a>
      .
    </p>
  );
}
