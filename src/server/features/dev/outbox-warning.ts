import type { Config } from '../../config';
import { isLoopbackName } from '../../http/loopback';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * What to say loudly at start when people beyond this machine can reach the server but some of
 * their messages (sign-in links, resets, phone codes) would go to the outbox, which answers only
 * this machine (decision 0022); undefined when there is nothing to say.
 */
export function outboxExposureWarning(config: Config): string | undefined {
  const { messages, host, port } = config;
  if (!messages.outboxAllowed || isLoopbackName(host)) return undefined;
  const missing = [
    ...(messages.smtpUrl ? [] : ['SMTP_URL (e-mail)']),
    ...(messages.smsWebhookUrl ? [] : ['SMS_WEBHOOK_URL (SMS)']),
  ];
  if (missing.length === 0) return undefined;
  const where = WILDCARD_HOSTS.has(host)
    ? `They can be read only on this machine, at http://localhost:${port}/dev/outbox.`
    : `They can be read only over this machine's loopback address, which HOST=${host} does not listen on, so no one can read them.`;
  return [
    `WARNING: GameSource listens on ${host}, beyond this machine, without ${missing.join(' or ')}.`,
    `Sign-in links, password resets and phone codes for those go to the outbox instead of to people. ${where}`,
    `People on other machines will not receive their messages: set ${missing.map((m) => m.split(' ')[0]).join(' and ')}, or listen on 127.0.0.1.`,
  ].join('\n');
}
