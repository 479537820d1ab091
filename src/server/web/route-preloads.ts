import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppRoute } from '../../shared/routes';
import { AFTER_PAINT_PRELOADS_ID } from '../../shared/server-render';

/** One chunk of Vite's build manifest (`build.manifest`), keyed by its source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The HTML entry (already a script tag of the page), the app chunk it imports at once, and each screen's chunk, by source path. */
const ENTRY = 'index.html';
const APP = 'app/start.tsx';
const STEP_DIAGNOSTICS = new Set(['firebase-test', 'minimal-firebase-test', 'firebase-verifier', 'minimal-firebase-verifier']);
const screenSource = (screenId: string) =>
  STEP_DIAGNOSTICS.has(screenId) ? 'screens/step-diagnostics/step-diagnostic-screen.tsx' : `screens/${screenId}/${screenId}-screen.tsx`;
/** The response schemas, needed by the first API answer of every page (src/web/lib/lazy-schema.ts). */
const SCHEMAS = 'lib/schemas.ts';
/** What every page asks first, to learn who is signed in (src/web/lib/session.ts). */
const STARTUP_REQUESTS = ['/api/me'];

export interface RoutePreloads {
  /**
   * `<link>` tags that fetch a route's scripts, styles and first API answers while the HTML is
   * still parsing. A page rendered on the server (`rendered`) comes with its answers and needs
   * its styles before it paints: its stylesheets block rendering, and its scripts are fetched
   * only once it has been painted.
   */
  tagsFor(route: AppRoute | undefined, rendered: boolean): string;
}

function readManifest(webDist: string): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The chunks a set of sources needs, with everything they import, each once. */
function chunksFor(manifest: Manifest, sources: string[]): ManifestChunk[] {
  const seen = new Set<string>([ENTRY]);
  const chunks: ManifestChunk[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunks.push(chunk);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  return chunks;
}

function linkTags(chunks: ManifestChunk[], rendered: boolean): string {
  const scripts = chunks.filter((chunk) => chunk.file.endsWith('.js')).map((chunk) => `<link rel="modulepreload" href="/${chunk.file}">`);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`);
  if (rendered) {
    return [
      ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
      `<template id="${AFTER_PAINT_PRELOADS_ID}">`,
      ...scripts,
      '</template>',
    ].join('');
  }
  return [
    ...STARTUP_REQUESTS.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`),
    // Vite's loader asks for a chunk's stylesheet with `crossorigin`; a preload without it does
    // not match that request, so the browser fetched the file twice.
    ...styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ...scripts,
  ].join('');
}

/**
 * Reads the build manifest once and answers, per route, the preload links for the app chunk
 * and that route's screen, so the browser fetches them in parallel instead of one import
 * after another. Without a manifest (a build without one) it answers no links.
 */
export function routePreloads(webDist: string): RoutePreloads {
  const manifest = readManifest(webDist);
  const cache = new Map<string, string>();
  return {
    tagsFor(route, rendered) {
      const screenId = route?.id ?? 'not-found';
      const key = `${screenId}${rendered ? ':rendered' : ''}`;
      let tags = cache.get(key);
      if (tags === undefined) {
        // A rendered screen's answers came with it: the schemas wait for its first request of its own.
        const sources = rendered ? [ENTRY, APP, screenSource(screenId)] : [ENTRY, APP, screenSource(screenId), SCHEMAS];
        tags = linkTags(chunksFor(manifest, sources), rendered);
        cache.set(key, tags);
      }
      return tags;
    },
  };
}
