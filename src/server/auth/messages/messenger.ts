import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { writeToOutbox } from './outbox';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
}

type Deliver = (message: OutgoingMessage) => Promise<void>;

export interface Messenger {
  /** Whether e-mail / SMS can go out (a transport, or the outbox outside production). */
  canEmail: boolean;
  canSms: boolean;
  send(message: OutgoingMessage): Promise<void>;
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

export function createMessenger(config: Config, db: Db): Messenger {
  const { messages } = config;
  const outbox: Deliver | undefined = messages.outboxAllowed ? (m) => writeToOutbox(db, m) : undefined;
  const email = messages.smtpUrl ? smtpDelivery(messages.smtpUrl, messages.mailFrom) : outbox;
  const sms = messages.smsWebhookUrl
    ? smsWebhookDelivery(messages.smsWebhookUrl, messages.smsWebhookToken)
    : outbox;
  return {
    canEmail: Boolean(email),
    canSms: Boolean(sms),
    async send(message) {
      const deliver = message.channel === 'email' ? email : sms;
      if (!deliver) throw new Error(`No ${message.channel} transport is configured`);
      await deliver(message);
    },
  };
}
