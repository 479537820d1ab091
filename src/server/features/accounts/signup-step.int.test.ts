import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newMember() {
  return (await signUpMember(t.app, { name: 'Newcomer' })).client;
}

describe('the sign-up step (/signup)', () => {
  it('needs a signed-in user', async () => {
    const response = await new HttpClient(t.app).post('/api/me/signup', { username: 'someone', acceptTerms: true });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('records the username and the accepted terms, once', async () => {
    const client = await newMember();
    expect((await client.get('/api/me')).json().user).toMatchObject({ signupComplete: false, username: null });
    const done = await client.post('/api/me/signup', { username: 'pixel-pilot', acceptTerms: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ signupComplete: true, username: 'pixel-pilot' });
    expect((await client.get('/api/me')).json().user).toMatchObject({ signupComplete: true, username: 'pixel-pilot' });
    const again = await client.post('/api/me/signup', { username: 'another-name', acceptTerms: true });
    expect(again.statusCode).toBe(412);
  });

  it.each([
    [{ username: 'ab', acceptTerms: true }, 'Usernames are 3 to 30 characters'],
    [{ username: 'a'.repeat(31), acceptTerms: true }, 'Usernames are 3 to 30 characters'],
    [{ username: 'has space', acceptTerms: true }, 'Use only lowercase letters, digits, _ and -'],
    [{ username: 'admin', acceptTerms: true }, 'That username is reserved'],
    [{ username: 'fine-name', acceptTerms: false }, 'Please accept the terms to continue'],
    [{ username: 'fine-name' }, 'Please accept the terms to continue'],
  ])('refuses %j and writes nothing', async (body, message) => {
    const client = await newMember();
    const response = await client.post('/api/me/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid-argument', message: expect.stringContaining(message) });
    expect((await client.get('/api/me')).json().user).toMatchObject({ signupComplete: false, username: null });
  });

  it('takes "Nora" as "nora" rather than refusing it, and counts it as taken in any case', async () => {
    const client = await newMember();
    const done = await client.post('/api/me/signup', { username: 'Nora', acceptTerms: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ signupComplete: true, username: 'nora' });
    const check = await client.get('/api/usernames/availability?username=NORA');
    expect(check.json()).toMatchObject({ available: false, message: 'That username is taken' });
  });

  it('answers 409 for a username someone already has', async () => {
    const first = await newMember();
    await first.post('/api/me/signup', { username: 'taken-name', acceptTerms: true });
    const second = await newMember();
    const response = await second.post('/api/me/signup', { username: 'taken-name', acceptTerms: true });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'already-exists', message: 'That username is taken' });
  });

  it('tells whether a username is available as the user types', async () => {
    const client = await newMember();
    await client.post('/api/me/signup', { username: 'quiet-otter', acceptTerms: true });
    const check = async (username: string) =>
      (await client.get(`/api/usernames/availability?username=${encodeURIComponent(username)}`)).json();
    expect(await check('quiet-otter')).toEqual({ username: 'quiet-otter', available: false, message: 'That username is taken' });
    expect(await check('free-otter')).toEqual({ username: 'free-otter', available: true });
    expect(await check('support')).toMatchObject({ available: false, message: 'That username is reserved' });
    expect(await check('No')).toMatchObject({ available: false });
  });
});
