import zlib from 'node:zlib';

type CompressSync = (input: Buffer, options?: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer;

/** Bytes of answers, as sent and as compressed, that each encoding remembers. */
const REMEMBERED_BYTES_PER_ENCODING = 4 * 1024 * 1024;

/**
 * Compresses as zlib does, remembering the results for the answers it saw last (up to `maxBytes`
 * of them, the least recently sent forgotten first). Most answers a page asks for are the same
 * text for every viewer (the categories, a catalogue page, a game), and compressing them again for
 * every request took about a quarter of the server's time under load. The answer's own bytes are
 * the key, so a changed answer is compressed afresh and nothing can go stale.
 */
export function rememberResults(compress: CompressSync, maxBytes = REMEMBERED_BYTES_PER_ENCODING): CompressSync {
  const remembered = new Map<string, Buffer>();
  let bytes = 0;
  return (input, options) => {
    const key = input.toString('latin1');
    const known = remembered.get(key);
    if (known) {
      remembered.delete(key);
      remembered.set(key, known);
      return known;
    }
    const output = compress(input, options);
    if (key.length + output.length > maxBytes) return output;
    remembered.set(key, output);
    bytes += key.length + output.length;
    for (const [oldKey, old] of remembered) {
      if (bytes <= maxBytes) break;
      remembered.delete(oldKey);
      bytes -= oldKey.length + old.length;
    }
    return output;
  };
}

/**
 * The compression functions @fastify/compress calls for an answer it has in one piece (its
 * `zlib` option): zlib's own, remembering their results. Streams stay zlib's.
 */
export const rememberingZlib = () => ({
  brotliCompressSync: rememberResults(zlib.brotliCompressSync),
  gzipSync: rememberResults(zlib.gzipSync),
  deflateSync: rememberResults(zlib.deflateSync),
});
