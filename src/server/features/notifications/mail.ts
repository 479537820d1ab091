import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { Messenger } from '../../auth/messages/messenger';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { NewNotification } from './service';

/**
 * E-mails a notification (through SMTP, or the outbox when no transport is configured). Called
 * after the decision committed: a mail that cannot go out must not undo the decision.
 */
export async function mailNotification(
  db: Db,
  messenger: Messenger,
  log: FastifyBaseLogger,
  userId: string,
  notification: NewNotification,
  baseUrl: string,
): Promise<void> {
  if (!messenger.canEmail) return;
  try {
    const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const link = new URL(notification.link, baseUrl).href;
    messenger.send({
      channel: 'email',
      to: user.email,
      subject: `${notification.title} · ${PRODUCT_NAME}`,
      text: `Hello ${user.name},\n\n${notification.body}\n\nSee it on ${PRODUCT_NAME}: ${link}\n\n— ${PRODUCT_NAME}`,
    });
  } catch (error) {
    log.warn({ err: error, userId }, 'could not e-mail a notification');
  }
}
