import { describe, expect, it } from 'vitest';
import {
  displayNameSchema,
  e164PhoneSchema,
  emailSchema,
  meSchema,
  reservedUsernames,
  signInMethodsSchema,
  signupStepSchema,
  usernameSchema,
} from './accounts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('usernames', () => {
  it.each(['abc', 'pixel_fan', 'ai-gamer-2026', 'a'.repeat(30), '___'])('accepts %s', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  it.each(['ab', 'a'.repeat(31), ''])('refuses %j for its length', (name) => {
    expect(firstMessage(usernameSchema.safeParse(name))).toBe('Usernames are 3 to 30 characters');
  });

  it('takes a name typed with capitals in lower case', () => {
    expect(usernameSchema.parse('Nora')).toBe('nora');
    expect(usernameSchema.parse(' Pixel_Fan ')).toBe('pixel_fan');
  });

  it.each(['pixel fan', 'pixel.fan', 'émile', 'pixel@fan'])('refuses %j for its characters', (name) => {
    expect(firstMessage(usernameSchema.safeParse(name))).toBe('Use only lowercase letters, digits, _ and -');
  });

  it('refuses every reserved name', () => {
    expect(reservedUsernames).toContain('gamesource');
    for (const name of reservedUsernames.filter((n) => n.length >= 3)) {
      expect(firstMessage(usernameSchema.safeParse(name)), name).toBe('That username is reserved');
    }
  });
});

describe('the sign-up step', () => {
  it('needs the terms accepted', () => {
    expect(signupStepSchema.safeParse({ username: 'pixel_fan', acceptTerms: true }).success).toBe(true);
    const refused = signupStepSchema.safeParse({ username: 'pixel_fan', acceptTerms: false });
    expect(firstMessage(refused)).toBe('Please accept the terms to continue');
  });
});

describe('phone numbers', () => {
  it.each(['+14155550123', '+442071838750', '+4930123456'])('accepts %s', (phone) => {
    expect(e164PhoneSchema.safeParse(phone).success).toBe(true);
  });

  it.each(['14155550123', '+1 415 555 0123', '+1234567', '+1234567890123456', '+0123456789', '+1415555012a'])('refuses %j', (phone) => {
    expect(firstMessage(e164PhoneSchema.safeParse(phone))).toBe('Enter the number in international format, e.g. +14155550123');
  });
});

describe('the account answers', () => {
  it('reads a signed-out and a signed-in /api/me', () => {
    expect(meSchema.parse({ user: null })).toEqual({ user: null });
    const user = {
      id: 'u1',
      email: 'a@example.com',
      name: 'Ada',
      username: null,
      role: 'user',
      emailVerified: false,
      signupComplete: false,
      image: null,
    };
    expect(meSchema.parse({ user }).user).toEqual(user);
    expect(meSchema.safeParse({ user: { ...user, role: 'owner' } }).success).toBe(false);
  });

  it('reads the sign-in methods', () => {
    const methods = {
      mode: 'accounts',
      password: true,
      passwordSignUp: true,
      localOutbox: false,
      emailLink: true,
      phone: false,
      demo: true,
      providers: [{ id: 'github', name: 'GitHub', kind: 'social' }],
    };
    expect(signInMethodsSchema.parse(methods)).toEqual(methods);
  });
});

describe('e-mail addresses and names', () => {
  it('trims and accepts a plain address', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  it.each([
    ['', 'Enter your e-mail address'],
    ['ada', 'Enter a valid e-mail address, like name@example.com'],
    ['ada@', 'Enter a valid e-mail address, like name@example.com'],
  ])('refuses %j', (email, message) => {
    expect(firstMessage(emailSchema.safeParse(email))).toBe(message);
  });

  it('needs a name', () => {
    expect(firstMessage(displayNameSchema.safeParse('   '))).toBe('Enter your name');
    expect(displayNameSchema.parse(' Ada ')).toBe('Ada');
  });
});
