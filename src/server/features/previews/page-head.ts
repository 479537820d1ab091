import { PRODUCT_NAME } from '../../../shared/constants';
import { escapeHtml } from './escape';

/** What a link unfurler or a search engine is told about one page. */
export interface PageHead {
  /** The page's own title, without the site name (the generic page has none). */
  title?: string;
  description: string;
  /** The path and query this page is best known by, e.g. `/game-detail?id=3`. */
  canonicalPath: string;
  /** Path or absolute URL of an image fit for a preview card. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'profile';
  /** Atom feeds about this page, as `[title, path]`. */
  feeds?: readonly (readonly [string, string])[];
  /** Plain facts shown in the HTML itself, for crawlers that run no script (public catalogue only). */
  prerendered?: string;
}

export const SITE_DESCRIPTION =
  'GameSource is the catalogue of games built around AI: discover games where artificial intelligence shapes the play, and list the game you made.';

export const NEWEST_FEED = ['Newest games on GameSource', '/feeds/games.atom'] as const;

export function genericHead(canonicalPath: string): PageHead {
  return { description: SITE_DESCRIPTION, canonicalPath, feeds: [NEWEST_FEED] };
}

/** The document title: the page's own title, then the site's name. */
export function documentTitle(head: PageHead): string {
  return head.title ? `${head.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** A path on this site made absolute by concatenation, so `//elsewhere.example` stays on this site. */
const absolute = (pathOrUrl: string, baseUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

/** The tags that describe a page; every interpolated text is escaped. */
export function headTags(head: PageHead, baseUrl: string): string {
  const title = head.title ?? PRODUCT_NAME;
  const canonical = absolute(head.canonicalPath, baseUrl);
  const image = head.image ? absolute(head.image, baseUrl) : undefined;
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', head.imageAlt ?? title)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image), meta('name', 'twitter:image:alt', head.imageAlt ?? title)] : []),
    ...(head.feeds ?? []).map(
      ([feedTitle, path]) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feedTitle)}" href="${escapeHtml(absolute(path, baseUrl))}">`,
    ),
  ].join('');
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
const BOOT_STATUS = '<div class="boot-status"';

/**
 * index.html for one page: its title and description replaced, the page's tags and `extraHead`
 * at the end of the head, and prerendered facts (if any) in place of the loading message, where
 * the app's first render replaces them.
 */
export function pageHtml(indexHtml: string, head: PageHead, baseUrl: string, extraHead: string): string {
  let html = indexHtml
    .replace(TITLE, () => `<title>${escapeHtml(documentTitle(head))}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(head.description)}">`)
    .replace('</head>', () => `${headTags(head, baseUrl)}${extraHead}</head>`);
  if (head.prerendered) {
    const at = html.indexOf(BOOT_STATUS);
    const rootStart = html.indexOf('<div id="root">');
    const insertAt = at >= 0 ? at : rootStart >= 0 ? rootStart + '<div id="root">'.length : -1;
    if (insertAt >= 0) html = `${html.slice(0, insertAt)}${head.prerendered}${html.slice(insertAt)}`;
  }
  return html;
}
