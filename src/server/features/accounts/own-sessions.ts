import { and, desc, eq, gt } from 'drizzle-orm';
import type { OwnSession } from '../../../shared/accounts';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../http/app-error';

// A user's own sessions, by id: the session tokens stay in their HttpOnly cookies.

export async function listOwnSessions(db: Db, actor: Actor, currentSessionId: string): Promise<OwnSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/**
 * Signs that device out and gives back its token (for the session cache to forget). Someone
 * else's session answers exactly like one that does not exist.
 */
export async function endOwnSession(db: Db, actor: Actor, sessionId: string): Promise<string> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.id)))
    .returning({ token: sessions.token });
  if (!ended) throw new AppError('not-found', 'That session has already ended.');
  return ended.token;
}
