import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { guardedFetch } from '../../http/guarded-fetch';
import { enqueueMessage, type ClaimedMessage, type OutgoingMessage } from '../../jobs/outgoing-messages/queue';
import { createOutgoingSender, type Deliver } from '../../jobs/outgoing-messages/sender';
import { writeToOutbox } from './outbox';

export interface Messenger {
  /** Whether e-mail / SMS can go out (a transport, or the outbox outside production). */
  canEmail: boolean;
  canSms: boolean;
  /**
   * Stores the message in the outgoing queue (it survives a restart once this resolves) and
   * returns before it is delivered: an answer never waits for (or reveals) a delivery. Failed
   * attempts are retried, then logged.
   */
  send(message: OutgoingMessage): Promise<void>;
  /** Stores the message in this transaction: it is sent only if the transaction commits (false: no transport for its channel). */
  sendWithin(tx: Db, message: OutgoingMessage): Promise<boolean>;
  /** Resolves once every message stored so far that is due has been tried. */
  settled(): Promise<void>;
  /** Stops sending; what is not sent yet stays queued for the next start or another instance. */
  close(): Promise<void>;
}

/** Every bound below is well inside the sender's lease, so a slow attempt is never sent twice at once. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
const SMS_TIMEOUT_MS = 15_000;

function smtpDelivery(smtpUrl: string, from: string): Deliver {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return async (message) => {
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // The same on a resend after a crash mid-send, so mail systems and people can tell it is one message.
      messageId: message.messageId,
    });
  };
}

/**
 * A provider adapter for SMS: a JSON POST to a relay (Twilio, Vonage... behind it), through the
 * guarded outgoing client like every address the server contacts: a relay on this machine or a
 * private network must be named in OUTGOING_ALLOW_HOSTS.
 */
function smsWebhookDelivery(url: string, token: string | undefined, allowHosts: readonly string[]): Deliver {
  return async (message) => {
    const response = await guardedFetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'GameSource/1',
        'idempotency-key': message.messageId,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ to: message.to, text: message.text }),
      allowHosts,
      timeoutMs: SMS_TIMEOUT_MS,
      maxBodyBytes: 4 * 1024,
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`The SMS provider answered ${response.status}`);
  };
}

/** The domain that ends every Message-ID: the sender's own, as mail systems expect. */
export function messageDomain(mailFrom: string): string {
  return /@([\w.-]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'gamesource.local';
}

export function createMessenger(config: Config, database: Database, log: FastifyBaseLogger): Messenger {
  const { messages } = config;
  const outbox: Deliver | undefined = messages.outboxAllowed ? (m) => writeToOutbox(database.db, m) : undefined;
  const transports: Record<OutgoingMessage['channel'], Deliver | undefined> = {
    email: messages.smtpUrl ? smtpDelivery(messages.smtpUrl, messages.mailFrom) : outbox,
    sms: messages.smsWebhookUrl ? smsWebhookDelivery(messages.smsWebhookUrl, messages.smsWebhookToken, config.outgoingAllowHosts) : outbox,
  };
  const deliver: Deliver = (message: ClaimedMessage) => {
    const transport = transports[message.channel];
    return transport ? transport(message) : Promise.reject(new Error(`No ${message.channel} transport is configured`));
  };
  const sender = createOutgoingSender(database, deliver, messages.sending, log);
  const domain = messageDomain(messages.mailFrom);
  const storing = new Set<Promise<void>>();

  return {
    canEmail: Boolean(transports.email),
    canSms: Boolean(transports.sms),
    send(message) {
      if (!transports[message.channel]) {
        log.error(
          { channel: message.channel, subject: message.subject },
          `a message was not sent: no ${message.channel} transport is configured`,
        );
        return Promise.resolve();
      }
      const stored = enqueueMessage(database.db, message, domain).then(() => sender.kick());
      storing.add(stored);
      void stored.finally(() => storing.delete(stored)).catch(() => undefined);
      return stored;
    },
    async sendWithin(tx, message) {
      if (!transports[message.channel]) return false;
      await enqueueMessage(tx, message, domain);
      return true;
    },
    async settled() {
      await Promise.allSettled([...storing]);
      await sender.drain();
    },
    async close() {
      await Promise.allSettled([...storing]);
      await sender.close();
    },
  };
}
