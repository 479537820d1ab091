// A gzip answer made of a kept, already compressed beginning and a short end made for each
// request. A rendered page is the same for everyone with the same answers except its last few
// bytes (where its live events stand), so its beginning is compressed once and sent many times.
// The beginning's deflate stream ends with a full flush: a byte boundary after which nothing
// refers back, so more blocks can follow it (RFC 1951); the end follows as stored blocks, the
// last one final, and the gzip trailer's CRC-32 continues from the beginning's over the end
// alone (RFC 1952). A beginning may be made of two parts, each ending in a full flush, so the
// first (a page's head) can go ahead while the second is still being made.
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, inflateRawSync } from 'node:zlib';

const deflateRawInPool = promisify(deflateRaw);

/** The beginning of a document, compressed once. */
export interface CompressedStart {
  /** Raw deflate ending in a full flush: no final block, so more may follow. */
  deflated: Buffer;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Length of the uncompressed bytes. */
  length: number;
  /** Bytes of `deflated` that are its first part, which an answer may have sent ahead (`gzipBeginning`). */
  firstPart: number;
}

/** The gzip header of RFC 1952: deflate, no name or time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Compressed on zlib's thread pool: a rendered page's start (50-100 KB) took about a millisecond
 * of the main thread, a tenth of its render, while the other core waited.
 */
export async function compressStart(bytes: Buffer): Promise<CompressedStart> {
  const deflated = await deflateRawInPool(bytes, { finishFlush: constants.Z_FULL_FLUSH });
  return { deflated, crc: crc32(bytes), length: bytes.length, firstPart: deflated.length };
}

/** `first` and then `bytes`, compressed as a part of its own: `first` alone may go ahead. */
export async function continueStart(first: CompressedStart, bytes: Buffer): Promise<CompressedStart> {
  const deflated = await deflateRawInPool(bytes, { finishFlush: constants.Z_FULL_FLUSH });
  return {
    deflated: Buffer.concat([first.deflated, deflated]),
    crc: crc32(bytes, first.crc),
    length: first.length + bytes.length,
    firstPart: first.deflated.length,
  };
}

/** The most one stored block holds. */
const STORED_BLOCK_BYTES = 0xffff;

/**
 * `bytes` as stored deflate blocks (RFC 1951, 3.2.4), the last one final: an end of a few
 * hundred bytes gains little from compressing, and a zlib stream made for it would cost more
 * than the rest of the answer.
 */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  let offset = 0;
  do {
    const chunk = bytes.subarray(offset, offset + STORED_BLOCK_BYTES);
    offset += chunk.length;
    const header = Buffer.alloc(5);
    header[0] = offset >= bytes.length ? 1 : 0; // BFINAL, and BTYPE 00: stored
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  } while (offset < bytes.length);
  return blocks;
}

/** The first bytes of a gzip answer sent in two writes: the header and `start`'s first part. */
export function gzipBeginning(start: CompressedStart): Buffer {
  return Buffer.concat([GZIP_HEADER, start.deflated.subarray(0, start.firstPart)]);
}

/**
 * One gzip answer: the kept start, then `end` as it is; or, when `gzipBeginning` went ahead with
 * a first part of the same bytes, the rest of it.
 */
export function gzipWithEnd(start: CompressedStart, end: string, beginningSent = false): Buffer {
  const endBytes = Buffer.from(end);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(endBytes, start.crc) >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE((start.length + endBytes.length) % 2 ** 32, 4);
  const beginning = beginningSent ? [start.deflated.subarray(start.firstPart)] : [GZIP_HEADER, start.deflated];
  return Buffer.concat([...beginning, ...storedBlocks(endBytes), trailer]);
}

/** The whole document uncompressed, for a client that takes no gzip. */
export function plainWithEnd(start: CompressedStart, end: string): Buffer {
  return Buffer.concat([inflateRawSync(start.deflated, { finishFlush: constants.Z_SYNC_FLUSH }), Buffer.from(end)]);
}

const GZIP_TOKEN = /(?:^|,)\s*(gzip|\*)\s*(?:;\s*q\s*=\s*([\d.]+))?\s*(?=,|$)/gi;

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a weight above 0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const [, , weight] of acceptEncoding.matchAll(GZIP_TOKEN)) {
    if (weight === undefined || Number(weight) > 0) return true;
  }
  return false;
}
