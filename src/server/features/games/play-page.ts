import { PRODUCT_NAME } from '../../../shared/constants';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What Play opens for a sample game: an honest page, never a dead link. */
export function renderSamplePlayPage(game: { id: number; title: string; tagline: string; image: string }): string {
  const title = escape(game.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} (sample) · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#e2e8f0;background:#0b1020}img{width:100%;border-radius:12px}a{color:#c4b5fd}</style>
</head><body>
<img src="${escape(game.image)}" alt="">
<h1>${title}</h1>
<p>${escape(game.tagline)}</p>
<p><strong>This is a sample game.</strong> ${title} is one of the example entries that ship with ${PRODUCT_NAME} to show how the catalogue works; there is no game to play behind it. Real listings open the maker's own game here.</p>
<p><a href="/game-detail?id=${game.id}">Back to ${title} on ${PRODUCT_NAME}</a></p>
</body></html>`;
}
