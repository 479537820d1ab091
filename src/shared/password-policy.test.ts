import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  ESTIMATED_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblemMessages,
  zxcvbnOptionsFrom,
  type PasswordEstimator,
} from './password-policy';

const zxcvbn = new ZxcvbnFactory(zxcvbnOptionsFrom({ common, en }));

describe('the password policy', () => {
  it('accepts a long, unpredictable password', () => {
    const check = checkPassword('correct-Horse-battery-staple-42', zxcvbn);
    expect(check).toEqual({ ok: true, score: 4, problems: [] });
  });

  it(`refuses fewer than ${MIN_PASSWORD_LENGTH} characters`, () => {
    const check = checkPassword('Xq7#vLp2', zxcvbn);
    expect(check.ok).toBe(false);
    expect(check.problems).toContain('Use at least 10 characters');
  });

  it('refuses an empty password with the length problem first', () => {
    const check = checkPassword('', zxcvbn);
    expect(check.ok).toBe(false);
    expect(check.score).toBe(0);
    expect(check.problems[0]).toBe(passwordProblemMessages.tooShort);
  });

  it('refuses a password that is easy to guess', () => {
    const check = checkPassword('aaaaaaaaaaaa', zxcvbn);
    expect(check.ok).toBe(false);
    expect(check.score).toBeLessThan(3);
    expect(check.problems).toEqual(['This password is too easy to guess']);
  });

  it('refuses one of the most common passwords, however long', () => {
    const check = checkPassword('1234567890', zxcvbn);
    expect(check.ok).toBe(false);
    expect(check.problems).toContain('This is one of the most common passwords');
  });

  it('refuses a password made of what the user typed elsewhere', () => {
    const password = 'zorblaxquimtrev';
    const strangerCheck = checkPassword(password, zxcvbn);
    const ownCheck = checkPassword(password, zxcvbn, ['zq@example.com', 'Zorblax Quimtrev']);
    expect(ownCheck.score).toBeLessThan(strangerCheck.score);
    expect(ownCheck.ok).toBe(false);
  });

  it('refuses a common password even when the estimator scores it high', () => {
    const fooled: PasswordEstimator = {
      check: (password) => ({
        score: 4,
        sequence: [{ pattern: 'dictionary', dictionaryName: 'passwords', i: 0, j: password.length - 1 }],
      }),
    };
    expect(checkPassword('sunshine-forever', fooled)).toEqual({
      ok: false,
      score: 4,
      problems: ['This is one of the most common passwords'],
    });
  });

  it('does not count a common password that is only part of the whole', () => {
    const partial: PasswordEstimator = {
      check: () => ({ score: 4, sequence: [{ pattern: 'dictionary', dictionaryName: 'passwords', i: 0, j: 5 }] }),
    };
    expect(checkPassword('qwerty-and-much-more', partial).ok).toBe(true);
  });

  it(`judges a long password by its first ${ESTIMATED_PASSWORD_LENGTH} characters`, () => {
    const weakStart = 'a'.repeat(ESTIMATED_PASSWORD_LENGTH);
    expect(checkPassword(weakStart, zxcvbn).ok).toBe(false);
    // Judged whole, the tail would make it strong; a prefix is what zxcvbn can judge in time.
    expect(checkPassword(`${weakStart}Xq7#vLp2-Zorblax`, zxcvbn).problems).toEqual(['This password is too easy to guess']);
  });

  it('refuses more than 128 characters', () => {
    expect(checkPassword(`${'x7Q!'.repeat(33)}`, zxcvbn).problems).toContain('Use at most 128 characters');
  });
});
