// Signed-in users made the way people make them: sign-up, the confirmation link from the
// server's outbox, sign-in, and the last sign-up step. Each answers its session cookie.
import { cookieHeader } from '../support/server.mjs';

const PASSWORD = 'lantern-orchid-harbor-58';

/** Headers of a call from a page of the site, from an address of its own (the server trusts loopback as its proxy). */
const pageHeaders = (base, index) => ({ origin: base, 'content-type': 'application/json', 'x-forwarded-for': `10.91.${Math.floor(index / 250)}.${index % 250}` });

async function post(base, path, index, body, cookie) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...pageHeaders(base, index), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function confirmationLink(base, email) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { items } = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`).then((r) => r.json());
    const link = items?.[0] && /https?:\/\/\S+/.exec(items[0].text)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No confirmation message reached ${email}`);
}

async function signedInUser(base, index) {
  const tag = `${Date.now().toString(36)}${index}`;
  const email = `pageviews-${tag}@example.com`;
  await post(base, '/api/auth/sign-up/email', index, { email, name: `Reader ${index}`, password: PASSWORD });
  const confirmed = await fetch(await confirmationLink(base, email), { redirect: 'manual' });
  if (confirmed.status >= 400) throw new Error(`Confirming ${email} answered ${confirmed.status}`);
  const cookie = cookieHeader(await post(base, '/api/auth/sign-in/email', index, { email, password: PASSWORD }));
  const { user } = await (await post(base, '/api/me/signup', index, { username: `reader${tag}`, acceptTerms: true }, cookie)).json();
  return { id: user.id, cookie };
}

export async function signedInUsers(base, count) {
  const users = [];
  for (let index = 0; index < count; index++) users.push(await signedInUser(base, index));
  return users;
}
