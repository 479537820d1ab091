import { guardedFetch, OutgoingRequestError, type GuardedFetchOptions } from '../../http/guarded-fetch';

export interface CheckOutcome {
  ok: boolean;
  statusCode: number | null;
  reason: string;
  durationMs: number;
}

const reasonOf = (error: unknown): string => {
  if (error instanceof OutgoingRequestError) {
    const lead = {
      'invalid-url': 'Not a web address',
      'refused-address': 'Refused address',
      dns: 'Not found',
      timeout: 'Timed out',
      'too-many-redirects': 'Too many redirects',
      network: 'Could not connect',
    }[error.kind];
    return `${lead}: ${error.message}`.slice(0, 200);
  }
  return 'The check failed';
};

/** One check: a GET through the guarded client; a final 2xx or 3xx passes, anything else fails with a short reason. */
export async function checkAddress(url: string, outgoing: GuardedFetchOptions): Promise<CheckOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    // A check needs the status, not the page: read a little of the body at most.
    const answer = await guardedFetch(url, { ...outgoing, method: 'GET', maxBodyBytes: 16 * 1024 });
    const ok = answer.status >= 200 && answer.status < 400;
    return { ok, statusCode: answer.status, reason: ok ? '' : `Answered ${answer.status}`, durationMs: took() };
  } catch (error) {
    return { ok: false, statusCode: null, reason: reasonOf(error), durationMs: took() };
  }
}
