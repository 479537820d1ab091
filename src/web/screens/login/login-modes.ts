export type LoginMode = 'sign-in' | 'create-account' | 'check-email' | 'forgot-password' | 'email-link' | 'phone';

export const loginTitles: Record<LoginMode, string> = {
  'sign-in': 'Sign in',
  'create-account': 'Create your account',
  'check-email': 'Check your e-mail',
  'forgot-password': 'Reset your password',
  'email-link': 'Sign in with an e-mail link',
  phone: 'Sign in with a phone code',
};

export const loginIntros: Record<LoginMode, string> = {
  'sign-in': 'Welcome back. Sign in to browse the catalogue, rate games and list the games you make.',
  'create-account': 'It takes a minute. After this you confirm your e-mail, pick a username and accept the terms of use.',
  'check-email': 'One more step before you can sign in: confirm that the address is yours.',
  'forgot-password': 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  'email-link': 'We will e-mail you a link that signs you in, no password needed. New here? The link creates your account.',
  phone: 'We will text you a 6-digit code. New here? The code creates your account.',
};

/** The `?error=` a federated sign-in comes back with, in words. */
export function providerErrorMessage(code: string): string {
  const known: Record<string, string> = {
    access_denied: 'You cancelled signing in with that provider.',
    account_not_linked:
      'An account with that e-mail address already exists. Sign in the way you did before; you can then use this provider too.',
    email_not_found: 'That provider did not share an e-mail address, which GameSource needs.',
    signup_disabled: 'New accounts cannot be created with that provider.',
  };
  return known[code.toLowerCase()] ?? `Signing in with that provider did not work (${code}). Try again, or choose another way to sign in.`;
}
