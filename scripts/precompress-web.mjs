// Writes a Brotli (.br) and a gzip (.gz) copy next to each text file of the built web app, at
// the highest levels, so the server sends them as they are (@fastify/static `preCompressed`)
// instead of compressing every answer again.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  if (!compressible.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  count += 1;
  before += content.length;
  after += br.length;
}
console.log(`precompressed ${count} files in ${root}: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as Brotli`);
