import type { readOutbox } from '../../auth/messages/outbox';

type OutboxItem = Awaited<ReturnType<typeof readOutbox>>[number];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderItem(item: OutboxItem): string {
  return `<article>
  <h2>${escape(item.subject ?? 'SMS')}</h2>
  <p class="meta">${item.channel === 'email' ? 'E-mail' : 'SMS'} to <strong>${escape(item.to)}</strong> · ${escape(item.createdAt)}</p>
  <pre>${linkify(item.text)}</pre>
</article>`;
}

/** A plain page of the outbox for developers: newest first, links clickable. */
export function renderOutboxPage(items: OutboxItem[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox · GameSource</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#444;font-size:.9rem}</style>
</head><body><h1>Outbox</h1>
<p>Messages GameSource would have sent by e-mail or SMS. No transport is configured, so they stay here, readable only on this machine (never in production). Filter with <code>?to=address</code>.</p>
${items.length === 0 ? '<p>No messages yet.</p>' : items.map(renderItem).join('\n')}
</body></html>`;
}
