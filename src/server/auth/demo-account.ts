import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Auth } from './auth';

export const DEMO_USERNAME = 'demo';

/**
 * Creates the demo account when it is missing, signed out, its address verified and sign-up
 * finished so 'Try the demo' lands in the app. Made directly rather than through sign-up, which
 * would mail a confirmation link to the demo address. Failures are only logged.
 */
export async function ensureDemoAccount(auth: Auth, database: Database, config: Config, log: FastifyBaseLogger) {
  const { demo } = config.auth;
  if (!demo.enabled) return;
  try {
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (existing) return;
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser(
      { email: demo.email, name: 'Demo player', emailVerified: true },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(demo.password),
    });
    const now = new Date();
    await database.db
      .update(users)
      .set({ username: DEMO_USERNAME, displayUsername: DEMO_USERNAME, signupCompletedAt: now, termsAcceptedAt: now })
      .where(eq(users.id, user.id));
    log.info({ email: demo.email }, 'demo account created');
  } catch (error) {
    log.error({ err: error }, 'could not create the demo account');
  }
}
