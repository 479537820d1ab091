import type { readOutbox } from '../../auth/messages/outbox';

type OutboxItem = Awaited<ReturnType<typeof readOutbox>>[number];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) => escape(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function renderItem(item: OutboxItem): string {
  return `<article>
  <h2>${escape(item.subject ?? 'SMS')}</h2>
  <p class="meta">${item.channel === 'email' ? 'E-mail' : 'SMS'} to <strong>${escape(item.to)}</strong> · ${escape(item.createdAt)}</p>
  <pre>${linkify(item.text)}</pre>
</article>`;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}.meta{color:#444;font-size:.9rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;max-width:30rem;box-sizing:border-box}button{font:inherit;margin-top:.75rem;padding:.5rem 1rem}.alert{color:#a00}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}.meta{color:#bbb}.alert{color:#f88}article{border-color:#444}a{color:#8ab4ff}}';

const page = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer">
<title>${title} · GameSource</title>
<style>${STYLE}</style>
</head><body>${body}</body></html>`;

/** A plain page of the outbox for developers: newest first, links clickable. */
export function renderOutboxPage(items: OutboxItem[]): string {
  return page(
    'Outbox',
    `<h1>Outbox</h1>
<p>Messages GameSource would have sent by e-mail or SMS. No transport is configured, so they stay here, readable only on this machine with the token printed at start (never in production). Filter with <code>?to=address</code>.</p>
${items.length === 0 ? '<p>No messages yet.</p>' : items.map(renderItem).join('\n')}`,
  );
}

/**
 * What a browser on this machine sees without the token: where to find the link, and a form to
 * paste the token into (it works without scripts; the answer takes the token out of the address).
 */
export function renderOutboxLockedPage({ to, wrongToken }: { to: string | undefined; wrongToken: boolean }): string {
  const keepTo = to === undefined ? '' : `<input type="hidden" name="to" value="${escape(to)}">`;
  return page(
    'Outbox needs its token',
    `<h1>The outbox needs its token</h1>
${wrongToken ? '<p class="alert" role="alert">That token is not this server&#39;s: it changes every time GameSource starts. Use the link it printed last.</p>' : ''}
<p>The outbox holds everyone&#39;s sign-in links, password resets and phone codes, so it opens only with the link GameSource printed in its console (the terminal where you ran <code>npm start</code>) when it started. It looks like this:</p>
<pre>Local outbox (…): http://localhost:3000/dev/outbox?token=…</pre>
<p>Open that link once in this browser; after that this page shows the messages until the browser closes or GameSource restarts.</p>
<form method="get" action="/dev/outbox">${keepTo}
<label for="outbox-token">Or paste the token here</label>
<input id="outbox-token" name="token" autocomplete="off" spellcheck="false" required>
<button type="submit">Open the outbox</button>
</form>`,
  );
}
