import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BuildStorage } from '../../storage/build-storage';
import { BuildRefused } from './build-refused';
import { checkEntryName } from './entry-names';
import { servedTypeOf } from './file-types';

export interface ServedFile {
  storage: BuildStorage;
  gameId: number;
  /** Percent-encoded, relative to the build's root. */
  file: string;
  version: number;
  /** A listed version never changes: cached for a year. A preview is for one person, never cached. */
  immutable: boolean;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * A build's file, from its storage, with its type and encoding, conditional requests (ETag) and a
 * single byte range; false when there is no such file (nothing sent). A boolean, not the reply:
 * a reply is a thenable, and awaiting it waits for the whole body to go.
 */
export async function serveBuildFile(request: FastifyRequest, reply: FastifyReply, served: ServedFile): Promise<boolean> {
  const name = checkedName(served.file);
  const type = name && servedTypeOf(name);
  if (!name || !type) return false;
  const info = await served.storage.file(served.gameId, served.version, name);
  if (!info) return false;
  const etag = `"v${served.version}-${info.size.toString(36)}"`;
  reply
    .header('content-type', type.contentType)
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', served.immutable ? 'public, max-age=31536000, immutable' : 'private, no-store');
  if (type.encoding) reply.header('content-encoding', type.encoding);
  if (matches(request.headers['if-none-match'], etag)) {
    void reply.status(304).send();
    return true;
  }
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? rangeOf(request.headers.range, info.size) : null;
  if (range === 'unsatisfiable') {
    void reply.status(416).header('content-range', `bytes */${info.size}`).send();
    return true;
  }
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : info.size);
  // HEAD is answered from the stored size alone: no bytes are read (an empty stream keeps the length).
  void reply.send(request.method === 'HEAD' ? Readable.from([]) : await info.open(range ?? undefined));
  return true;
}

/** The file's path inside the build, or null for any path that could leave it. */
function checkedName(encoded: string): string | null {
  try {
    return checkEntryName(decodeURIComponent(encoded));
  } catch (error) {
    if (error instanceof BuildRefused || error instanceof URIError) return null;
    throw error;
  }
}

function matches(header: string | undefined, etag: string): boolean {
  return header !== undefined && header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}

/** One `bytes=` range; several ranges are answered with the whole file, as HTTP allows. */
function rangeOf(header: string | undefined, size: number): ByteRange {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
