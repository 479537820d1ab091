import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Auth } from './auth';

export const DEMO_USERNAME = 'demo';

/**
 * Creates the demo account when it is missing (then signs it out, as the spec describes),
 * with sign-up finished so 'Try the demo' lands in the app. Failures are only logged.
 */
export async function ensureDemoAccount(auth: Auth, database: Database, config: Config, log: FastifyBaseLogger) {
  const { demo } = config.auth;
  if (!demo.enabled) return;
  try {
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) return;
    const { user } = await auth.api.signUpEmail({
      body: { email: demo.email, password: demo.password, name: 'Demo player' },
    });
    const now = new Date();
    await database.db
      .update(users)
      .set({ emailVerified: true, username: DEMO_USERNAME, displayUsername: DEMO_USERNAME, signupCompletedAt: now, termsAcceptedAt: now })
      .where(eq(users.id, user.id));
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    log.info({ email: demo.email }, 'demo account created');
  } catch (error) {
    log.error({ err: error }, 'could not create the demo account');
  }
}

/** ADMIN_EMAILS become admins (accounts made later get the role at creation). */
export async function promoteAdmins(database: Database, config: Config): Promise<void> {
  for (const email of config.auth.adminEmails) {
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  }
}
