import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { OutgoingMessage } from '../../jobs/outgoing-messages/queue';

export async function writeToOutbox(db: Db, message: OutgoingMessage): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: message.channel,
    recipient: message.to.toLowerCase(),
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
  });
}

export async function readOutbox(db: Db, options: { to?: string | undefined; limit: number }) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.to ? eq(outboxMessages.recipient, options.to.toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
