import type { FastifyInstance } from 'fastify';
import { HttpClient } from './http-client';
import { confirmEmail } from './outbox';

/**
 * Strong enough for the password policy and quick for it to judge: every sign-up judges it, and
 * zxcvbn's work grows with the length and with what could be l33t (digits, symbols): on one slow
 * machine 'Quartz-fjord-vex' took 4.9 ms a check and this 1.3 ('silver-lantern-orchard-31' took 12
 * on a faster one).
 */
export const MEMBER_PASSWORD = 'QzvKpxWmTb';
let members = 0;

/**
 * A new account from an address of its own (rate limits are per address), signed in the way a
 * newcomer is: by the confirmation link that sign-up mails.
 */
export async function signUpMember(
  app: FastifyInstance,
  { password = MEMBER_PASSWORD, name = 'Member' }: { password?: string; name?: string } = {},
) {
  const n = ++members;
  const client = new HttpClient(app, `10.200.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  const email = `member${n}-${Date.now()}@example.com`;
  const response = await client.post('/api/auth/sign-up/email', { email, password, name });
  if (response.statusCode !== 200) throw new Error(`Sign-up failed: ${response.statusCode} ${response.body}`);
  await confirmEmail(client, email);
  return { client, email };
}
