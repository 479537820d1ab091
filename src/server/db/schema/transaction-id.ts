import { sql } from 'drizzle-orm';

/** The id of the transaction writing the row (assigned on its first write, unique for ever: 64 bits with epoch). */
export const writingTransactionId = sql`(pg_current_xact_id()::text::bigint)`;
