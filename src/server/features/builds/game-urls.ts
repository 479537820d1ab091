import { createHmac, timingSafeEqual } from 'node:crypto';
import { gameOriginOf, listedBuildUrl } from '../../../shared/game-origin';

/**
 * Where a build plays on the games origin: `<origin>/<game>/<version>/<file>` for a listed
 * (approved) build, `<origin>/<game>/p<version>.<expires>.<signature>/<file>` for a preview only
 * its maker and moderators are given. The signature is in the path, not the query, so every
 * file the page loads by a relative address carries it too. With `*` in the origin, each game
 * gets a host name of its own, `g<game>.`, and a file is served only under its own game's name.
 */
export interface GameUrls {
  originOf(gameId: number): string;
  /** `*.games.localhost:5174` style pattern for the site's frame-src. */
  framePattern: string;
  listed(gameId: number, version: number, file?: string): string;
  preview(gameId: number, version: number, now?: number): string;
  /** What a request on the games origin asks for, or null when it names nothing we serve. */
  parse(host: string | undefined, pathname: string, now?: number): RequestedFile | null;
}

export interface RequestedFile {
  gameId: number;
  version: number;
  preview: boolean;
  /** Still percent-encoded, relative to the build's root. */
  file: string;
}

export const PREVIEW_TTL_MS = 30 * 60 * 1000;

export function createGameUrls(origin: string, secret: string): GameUrls {
  const originOf = (gameId: number) => gameOriginOf(origin, gameId);
  const hostOf = (gameId: number) => new URL(originOf(gameId)).host;
  const sign = (gameId: number, version: number, expires: number) =>
    createHmac('sha256', secret).update(`game-build-preview:${gameId}:${version}:${expires}`).digest('base64url');
  return {
    originOf,
    framePattern: origin,
    listed: (gameId, version, file) => listedBuildUrl(origin, gameId, version, file),
    preview: (gameId, version, now = Date.now()) => {
      const expires = Math.floor((now + PREVIEW_TTL_MS) / 1000);
      return `${originOf(gameId)}/${gameId}/p${version}.${expires}.${sign(gameId, version, expires)}/index.html`;
    },
    parse: (host, pathname, now = Date.now()) => {
      const match = /^\/(\d{1,9})\/(?:(\d{1,9})|p(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43}))\/(.*)$/.exec(pathname);
      if (!match) return null;
      const gameId = Number(match[1]);
      if (gameId < 1 || host?.toLowerCase() !== hostOf(gameId)) return null;
      const file = match[6] === '' ? 'index.html' : match[6]!;
      if (match[2]) return { gameId, version: Number(match[2]), preview: false, file };
      const version = Number(match[3]);
      const expires = Number(match[4]);
      if (expires * 1000 < now || !sameText(match[5]!, sign(gameId, version, expires))) return null;
      return { gameId, version, preview: true, file };
    },
  };
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
