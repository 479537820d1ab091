/** The database cannot be reached right now; the API answers 503 `unavailable`. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled: a statement outlived statement_timeout
  '25P03', // idle_in_transaction_session_timeout
]);

const connectionErrorMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (is )?closed/i,
  /pglite is closed/i,
  /cannot use a pool after calling end/i,
  /query read timeout/i,
  /not queryable/i,
];

function isConnectionFailure(error: Error & { code?: unknown }): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = typeof error.code === 'string' ? error.code : '';
  if (connectionErrorCodes.has(code) || code.startsWith('08')) return true;
  return connectionErrorMessages.some((pattern) => pattern.test(error.message));
}

/** Whether an error, or any error it wraps, means the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (isConnectionFailure(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
