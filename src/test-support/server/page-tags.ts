import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A web build folder holding the app's real index.html (head, title, loading screen), no scripts. */
export async function webDistWithIndex(): Promise<{ webDist: string; remove: () => Promise<void> }> {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'gs-previews-'));
  await copyFile(path.resolve('src/web/index.html'), path.join(webDist, 'index.html'));
  return { webDist, remove: () => rm(webDist, { recursive: true, force: true }) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name]!);

/** What a link unfurler reads from a page's raw HTML: the title and every meta and link tag of the head. */
export interface PageTags {
  title: string | undefined;
  /** `og:title`, `twitter:card`, `description`, … to their content, unescaped. */
  meta: Record<string, string>;
  canonical: string | undefined;
  /** Atom feeds linked with rel="alternate". */
  feeds: { title: string; href: string }[];
  head: string;
  body: string;
}

export function pageTags(html: string): PageTags {
  const [head = '', body = ''] = html.split('</head>');
  const meta: Record<string, string> = {};
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) meta[key!] = unescape(content!);
  const feeds = [...head.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)">/g)].map(
    ([, title, href]) => ({ title: unescape(title!), href: unescape(href!) }),
  );
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1] !== undefined ? unescape(/<title>([^<]*)<\/title>/.exec(head)![1]!) : undefined,
    meta,
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1],
    feeds,
    head,
    body,
  };
}
