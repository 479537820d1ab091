import { describe, expect, it } from 'vitest';
import { loginPathFor, needsSignupStep } from './guard-paths';

describe('where the guard sends people', () => {
  it('sends a signed-out visitor to sign in, then back to the page with its query', () => {
    expect(loginPathFor('/games', '?category=rpg&page=2')).toBe('/login?next=%2Fgames%3Fcategory%3Drpg%26page%3D2');
    expect(loginPathFor('/gamedetail', '?id=3')).toBe('/login?next=%2Fgamedetail%3Fid%3D3');
    expect(loginPathFor('/account', '')).toBe('/login?next=%2Faccount');
  });

  it('never brings a sign-out page back after signing in', () => {
    expect(loginPathFor('/logout', '')).toBe('/login');
    expect(loginPathFor('/sign-out', '')).toBe('/login');
    expect(loginPathFor('/logout/', '?x=1')).toBe('/login');
  });

  it('asks for the sign-up step everywhere but on itself and on sign-out', () => {
    expect(needsSignupStep('/games')).toBe(true);
    expect(needsSignupStep('/account')).toBe(true);
    expect(needsSignupStep('/signup')).toBe(false);
    expect(needsSignupStep('/signup/')).toBe(false);
    expect(needsSignupStep('/logout')).toBe(false);
    expect(needsSignupStep('/sign-out')).toBe(false);
  });
});
