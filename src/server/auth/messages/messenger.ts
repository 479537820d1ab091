import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createDeliveryQueue, type Deliver } from './delivery-queue';
import { writeToOutbox } from './outbox';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
}

export interface Messenger {
  /** Whether e-mail / SMS can go out (a transport, or the outbox outside production). */
  canEmail: boolean;
  canSms: boolean;
  /**
   * Queues the message and returns before it is delivered: an answer never waits for (or
   * reveals) a delivery. Failures are logged.
   */
  send(message: OutgoingMessage): void;
  /** Resolves once every message sent so far was delivered or has failed. */
  settled(): Promise<void>;
}

function smtpDelivery(smtpUrl: string, from: string): Deliver {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  };
}

/** A provider adapter for SMS: a JSON POST to a relay (Twilio, Vonage... behind it). */
function smsWebhookDelivery(url: string, token: string | undefined): Deliver {
  return async (message) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The SMS provider answered ${response.status}`);
  };
}

const missingTransport = (channel: OutgoingMessage['channel']): Deliver => () =>
  Promise.reject(new Error(`No ${channel} transport is configured`));

export function createMessenger(config: Config, db: Db, log: FastifyBaseLogger): Messenger {
  const { messages } = config;
  const outbox: Deliver | undefined = messages.outboxAllowed ? (m) => writeToOutbox(db, m) : undefined;
  const email = messages.smtpUrl ? smtpDelivery(messages.smtpUrl, messages.mailFrom) : outbox;
  const sms = messages.smsWebhookUrl
    ? smsWebhookDelivery(messages.smsWebhookUrl, messages.smsWebhookToken)
    : outbox;
  const queue = createDeliveryQueue(log);
  return {
    canEmail: Boolean(email),
    canSms: Boolean(sms),
    send(message) {
      const deliver = message.channel === 'email' ? email : sms;
      queue.enqueue(message, deliver ?? missingTransport(message.channel));
    },
    settled: () => queue.settled(),
  };
}
