import type { Config } from '../../config';
import { isLoopbackName } from '../../http/loopback';
import { OUTBOX_PAGE_PATH } from './outbox-access';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

const missingTransports = ({ messages }: Config) => [
  ...(messages.smtpUrl ? [] : ['SMTP_URL (e-mail)']),
  ...(messages.smsWebhookUrl ? [] : ['SMS_WEBHOOK_URL (SMS)']),
];

/** Where a browser on this machine reaches the outbox: BASE_URL when it names this machine; undefined when nothing on it can. */
function outboxOrigin({ baseUrl, host, port }: Config): string | undefined {
  const base = new URL(baseUrl);
  if (isLoopbackName(base.hostname)) return base.origin;
  if (isLoopbackName(host) || WILDCARD_HOSTS.has(host)) return `http://localhost:${port}`;
  return undefined;
}

/**
 * The line printed at start that opens the outbox, token included, as notebook servers print
 * theirs (decision 0053); undefined when no message goes to the outbox or no one can read it.
 */
export function outboxLinkLine(config: Config): string | undefined {
  const token = config.messages.outboxToken;
  const origin = outboxOrigin(config);
  if (!config.messages.outboxAllowed || !token || !origin || missingTransports(config).length === 0) return undefined;
  return `Local outbox (sign-in links, resets and phone codes; open this link on this machine): ${origin}${OUTBOX_PAGE_PATH}?token=${token}`;
}

/**
 * What to say loudly at start when people beyond this machine can reach the server but some of
 * their messages (sign-in links, resets, phone codes) would go to the outbox, which answers only
 * this machine (decisions 0022 and 0053); undefined when there is nothing to say.
 */
export function outboxExposureWarning(config: Config): string | undefined {
  const { messages, host } = config;
  if (!messages.outboxAllowed || isLoopbackName(host)) return undefined;
  const missing = missingTransports(config);
  if (missing.length === 0) return undefined;
  const where = WILDCARD_HOSTS.has(host)
    ? 'They can be read only on this machine, through the outbox link above (it carries a token made at this start).'
    : `They can be read only over this machine's loopback address, which HOST=${host} does not listen on, so no one can read them.`;
  return [
    `WARNING: GameSource listens on ${host}, beyond this machine, without ${missing.join(' or ')}.`,
    `Sign-in links, password resets and phone codes for those go to the outbox instead of to people. ${where}`,
    `People on other machines will not receive their messages: set ${missing.map((m) => m.split(' ')[0]).join(' and ')}, or listen on 127.0.0.1.`,
  ].join('\n');
}
