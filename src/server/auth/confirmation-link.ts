import { pathOf } from '../../shared/routes';

/**
 * Better Auth sends the confirmation link back to '/' unless the request named a page (a
 * password sign-in of an unconfirmed account cannot: the browser would go there on success).
 * Every confirmation lands on our confirmation page instead, which says what happened and
 * leads on to the sign-up step.
 */
export function landingOnConfirmationPage(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') link.searchParams.set('callbackURL', pathOf('verify-email'));
  return link.href;
}
