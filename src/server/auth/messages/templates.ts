import { PRODUCT_NAME } from '../../../shared/constants';
import type { OutgoingMessage } from '../../jobs/outgoing-messages/queue';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface LinkMail {
  to: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}

function linkEmail({ to, subject, intro, action, url, outro }: LinkMail): OutgoingMessage {
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— ${PRODUCT_NAME}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px">${PRODUCT_NAME}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(outro)}</p>
<p style="color:#555;font-size:12px">If the button does not work, open this address: ${escapeHtml(url)}</p>
</body></html>`;
  return { channel: 'email', to, subject: `${subject} · ${PRODUCT_NAME}`, text, html };
}

export const mailTemplates = {
  verifyEmail: (to: string, url: string) =>
    linkEmail({
      to,
      subject: 'Confirm your e-mail address',
      intro: `Welcome to ${PRODUCT_NAME}! Please confirm that this is your e-mail address.`,
      action: 'Confirm my e-mail',
      url,
      outro: 'If you did not create an account, you can ignore this message.',
    }),
  signUpWithExistingAddress: (to: string, signInUrl: string) =>
    linkEmail({
      to,
      subject: 'Someone tried to sign up with your address',
      intro: `Someone just tried to create a ${PRODUCT_NAME} account with this e-mail address, which already has one. Nothing has changed.`,
      action: 'Sign in',
      url: signInUrl,
      outro:
        'If it was you, sign in instead; if you have forgotten your password, choose "Forgot password?" there to reset it. If it was not you, you can ignore this message.',
    }),
  resetPassword: (to: string, url: string) =>
    linkEmail({
      to,
      subject: 'Reset your password',
      intro: 'Someone (hopefully you) asked to reset the password of your account.',
      action: 'Choose a new password',
      url,
      outro: 'The link works once and expires in one hour. If you did not ask for it, ignore this message: your password stays as it is.',
    }),
  magicLink: (to: string, url: string) =>
    linkEmail({
      to,
      subject: 'Your sign-in link',
      intro: `Use this link to sign in to ${PRODUCT_NAME}.`,
      action: 'Sign in',
      url,
      outro: 'The link works once and expires in 5 minutes. If you did not ask for it, ignore this message.',
    }),
  changeEmail: (to: string, url: string, newEmail: string) =>
    linkEmail({
      to,
      subject: 'Confirm your new e-mail address',
      intro: `You asked to change the e-mail address of your account to ${newEmail}.`,
      action: 'Confirm the change',
      url,
      outro: 'If you did not ask for this, ignore this message and your address stays as it is.',
    }),
  phoneCode: (to: string, code: string): OutgoingMessage => ({
    channel: 'sms',
    to,
    text: `${code} is your ${PRODUCT_NAME} sign-in code. It expires in 5 minutes. Never share it.`,
  }),
};
