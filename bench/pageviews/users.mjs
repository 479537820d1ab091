// Signed-in users made the way people make them: sign-up, the confirmation link from the
// server's outbox, sign-in, the last sign-up step, and onboarding's favourite categories (three
// each, which make the home page's "For you"). Each answers its session cookie.
import { cookieHeader, latestOutboxMessage } from '../support/server.mjs';

const CATEGORIES = [
  'simulation',
  'adventure',
  'action',
  'fighting',
  'strategy',
  'casual',
  'sports',
  'puzzle',
  'rpg',
  'music',
  'turn-based',
  'pixel',
  'racing',
  'fantasy',
];
const threeCategories = (index) => [0, 5, 9].map((step) => CATEGORIES[(index + step) % CATEGORIES.length]);

const PASSWORD = 'lantern-orchid-harbor-58';

/**
 * Each run's members sign up from addresses of their own: a database kept between runs
 * (PostgreSQL) keeps the sign-up limit's counts, which the same addresses would run into.
 */
const RUN_NETWORK = 1 + Math.floor(Math.random() * 254);

/** Headers of a call from a page of the site, from an address of its own (the server trusts loopback as its proxy). */
const pageHeaders = (base, index) => ({
  origin: base,
  'content-type': 'application/json',
  'x-forwarded-for': `10.${RUN_NETWORK}.${Math.floor(index / 250)}.${index % 250}`,
});

const post = (base, path, index, body, cookie) => send('POST', base, path, index, body, cookie);
const put = (base, path, index, body, cookie) => send('PUT', base, path, index, body, cookie);

async function send(method, base, path, index, body, cookie) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...pageHeaders(base, index), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function confirmationLink(base, email) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const message = await latestOutboxMessage(base, email);
    const link = message && /https?:\/\/\S+/.exec(message.text)?.[0];
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
  await put(base, '/api/me/favourite-categories', index, { categories: threeCategories(index) }, cookie);
  return { id: user.id, cookie };
}

export async function signedInUsers(base, count) {
  const users = [];
  for (let index = 0; index < count; index++) users.push(await signedInUser(base, index));
  return users;
}
