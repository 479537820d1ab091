import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';

// ADMIN_EMAILS name addresses, so the role goes only to whoever has proven they own one: at
// e-mail verification, at sign-in through an e-mail link, or at creation through a provider
// that reports the address verified. Never to an account that merely typed the address.

interface UserFields {
  email: string;
  emailVerified: boolean;
}

const isAdminAddress = (config: Config, email: string) => config.auth.adminEmails.includes(email.toLowerCase());

/** For a new account (`databaseHooks.user.create.before`): admin only with a verified address. */
export function withAdminRoleIfProven<User extends UserFields>(config: Config, user: User): User {
  return user.emailVerified && isAdminAddress(config, user.email) ? { ...user, role: 'admin' } : user;
}

/**
 * After any change to an account (`databaseHooks.user.update.after`): the moment its address
 * becomes verified (or a verified account moves to a listed address), it becomes admin.
 */
export async function promoteIfProvenAdmin(db: Db, config: Config, user: (UserFields & { id: string; role?: unknown }) | null) {
  if (!user?.emailVerified || user.role === 'admin' || !isAdminAddress(config, user.email)) return;
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(eq(users.id, user.id), eq(users.emailVerified, true), eq(sql`lower(${users.email})`, user.email.toLowerCase())));
}

/** At start: accounts that already proved a listed address become admins. */
export async function promoteAdmins(db: Db, config: Config): Promise<void> {
  if (config.auth.adminEmails.length === 0) return;
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(inArray(sql`lower(${users.email})`, config.auth.adminEmails), eq(users.emailVerified, true), ne(users.role, 'admin')));
}
