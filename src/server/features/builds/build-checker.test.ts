import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildLimits } from '../../../shared/builds';
import { makeZip, sampleBuildEntries, type ZipEntryInput } from '../../../test-support/zip-writer';
import { checkAndUnpackBuild } from './build-checker';
import { BuildRefused } from './build-refused';

let dir: string;
let count = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gs-build-checker-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const full: BuildLimits = { uploadBytes: 530 * 1024 * 1024, totalBytes: 500 * 1024 * 1024, fileBytes: 100 * 1024 * 1024, files: 1000 };
const small: BuildLimits = { uploadBytes: 10_000_000, totalBytes: 64 * 1024, fileBytes: 32 * 1024, files: 5 };

async function check(zip: Buffer, limits: BuildLimits = full) {
  const zipPath = path.join(dir, `${++count}.zip`);
  const outDir = path.join(dir, `out-${count}`);
  await writeFile(zipPath, zip);
  return { outDir, result: checkAndUnpackBuild(zipPath, outDir, limits) };
}

async function refusal(entries: ZipEntryInput[] | Buffer, limits?: BuildLimits): Promise<BuildRefused> {
  const { result } = await check(Buffer.isBuffer(entries) ? entries : makeZip(entries), limits);
  const error: unknown = await result.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BuildRefused);
  return error as BuildRefused;
}

const page = (name = 'index.html'): ZipEntryInput => ({ name, data: '<!doctype html><title>x</title>' });

describe('a build the checker takes', () => {
  it('unpacks index.html at the top with its files, counting what it holds', async () => {
    const { outDir, result } = await check(
      makeZip([...sampleBuildEntries(), { name: 'assets/', data: '' }, { name: 'assets/game.wasm', data: Buffer.from([0, 97, 115, 109]) }]),
    );
    expect(await result).toEqual({ fileCount: 3, sizeBytes: expect.any(Number), entryPath: 'index.html' });
    expect((await readdir(outDir)).sort()).toEqual(['assets', 'game.js', 'index.html']);
    expect(await readFile(path.join(outDir, 'assets/game.wasm'))).toEqual(Buffer.from([0, 97, 115, 109]));
  });

  it('starts the build inside the one folder that holds everything, leaving out macOS litter', async () => {
    const litter = [
      { name: '__MACOSX/my-game/._index.html', data: 'x' },
      { name: 'my-game/.DS_Store', data: 'x' },
    ];
    const { outDir, result } = await check(makeZip([...sampleBuildEntries('my-game/'), ...litter]));
    expect((await result).fileCount).toBe(2);
    expect((await readdir(outDir)).sort()).toEqual(['game.js', 'index.html']);
  });

  it('takes precompressed Unity files and names in UTF-8 without the flag', async () => {
    const { outDir, result } = await check(
      makeZip([
        page(),
        { name: 'Build/web.wasm.br', data: 'x' },
        { name: 'Build/web.data.gz', data: 'x' },
        { name: 'música.mp3', data: 'x' },
      ]),
    );
    expect((await result).fileCount).toBe(4);
    expect(await readdir(outDir)).toContain('música.mp3');
  });
});

describe('the checker refuses', () => {
  it('a zip without index.html at the top or in its one folder', async () => {
    expect((await refusal([{ name: 'game.js', data: 'x' }])).message).toMatch(/no index\.html at its top or in its one folder/);
    expect((await refusal([page('a/index.html'), { name: 'b/x.js', data: '' }])).message).toMatch(/no index\.html/);
    expect((await refusal([page('a/b/index.html')])).message).toMatch(/no index\.html/);
  });

  it('what is not a zip, and an empty zip', async () => {
    expect((await refusal(Buffer.from('<html>not a zip</html>'))).message).toMatch(/not a zip file/);
    expect((await refusal([])).message).toMatch(/holds no files/);
  });

  it.each([
    ['../escape.js', /leaves the build/],
    ['assets/../../escape.js', /leaves the build/],
    ['/etc/passwd.txt', /absolute path/],
    ['C:/games/x.js', /drive letter/],
    ['c:x.js', /drive letter/],
    ['assets\\..\\..\\x.js', /backslash/],
    ['assets//x.js', /empty or "\." part/],
    ['./x.js', /empty or "\." part/],
    ['bad\u0001name.js', /control character/],
  ])('the path %j', async (name, message) => {
    expect((await refusal([page(), { name, data: 'x' }])).message).toMatch(message);
  });

  it('a name that is not valid UTF-8 when flagged as UTF-8', async () => {
    const error = await refusal([page(), { name: Buffer.from([0x61, 0xff, 0x2e, 0x6a, 0x73]), utf8Flag: true, data: 'x' }]);
    expect(error.message).toMatch(/not valid UTF-8/);
  });

  it('a symbolic link, even one named like an allowed file', async () => {
    const error = await refusal([page(), { name: 'game.js', data: '/etc/passwd', unixMode: 0o120777 }]);
    expect(error.message).toBe('"game.js" is a link: a build holds only files and folders.');
  });

  it('two names for one file once case is set aside', async () => {
    expect((await refusal([page(), { name: 'Game.js', data: '1' }, { name: 'game.JS', data: '2' }])).message).toMatch(
      /"Game\.js" and "game\.JS" are one name once case and accents are set aside/,
    );
  });

  it('two names for one file once Unicode is normalised (NFC and NFD)', async () => {
    const composed = 'caf\u00e9.png';
    const decomposed = 'cafe\u0301.png';
    expect((await refusal([page(), { name: composed, data: '1' }, { name: decomposed, data: '2' }])).message).toMatch(/are one name/);
  });

  it('the same name twice, and a file that is also a folder', async () => {
    expect((await refusal([page(), page()])).message).toBe('The zip holds "index.html" twice.');
    expect((await refusal([page(), { name: 'a.js', data: '' }, { name: 'a.js/b.js', data: '' }])).message).toMatch(
      /is a file and a folder at once/,
    );
    expect((await refusal([page(), { name: 'a.js/b.js', data: '' }, { name: 'a.js', data: '' }])).message).toMatch(
      /is a file and a folder at once/,
    );
  });

  it.each(['run.exe', 'script.php', 'Makefile', '.htaccess', 'notes.md.gz', 'x.sh'])(
    'a type a web build may not hold: %s',
    async (name) => {
      expect((await refusal([page(), { name, data: 'x' }])).message).toMatch(/is not a type a web build may hold/);
    },
  );

  it('more files than the limit, counted without folders', async () => {
    const entries = [page(), ...Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.js`, data: '' }))];
    const error = await refusal(entries, small);
    expect(error.message).toBe('The build holds more than 5 files, the most a build may hold.');
    expect(error.tooLarge).toBe(true);
  });

  it('a file whose stated size is over the limit, before inflating it', async () => {
    const error = await refusal([page(), { name: 'big.data', data: Buffer.alloc(40 * 1024), deflate: true }], small);
    expect(error.message).toBe('"big.data" unpacks to more than 32 KB, the most one file may take.');
  });

  it('files that together unpack past the limit', async () => {
    const files = Array.from({ length: 3 }, (_, i) => ({ name: `part${i}.data`, data: Buffer.alloc(30 * 1024), deflate: true }));
    expect((await refusal([page(), ...files], small)).message).toBe('The build unpacks to more than 64 KB, the most a build may take.');
  });

  it('a zip bomb whose headers lie, as it inflates: not a byte past what they said is written', async () => {
    const bomb = await deflatedZeros(256 * 1024 * 1024);
    const { outDir, result } = await check(makeZip([page(), { name: 'bomb.data', rawDeflated: bomb, statedSize: 1000 }]));
    const error: unknown = await result.catch((e: unknown) => e);
    expect((error as Error).message).toBe('"bomb.data" inflates to more than the 1000 bytes the zip says it holds: refused as a zip bomb.');
    expect((await readFile(path.join(outDir, 'bomb.data'))).length).toBeLessThanOrEqual(1000);
  });

  it('an encrypted file and an unknown compression method', async () => {
    const encrypted = makeZip([page(), { name: 'a.js', data: 'x' }]);
    setFlagOfSecondEntry(encrypted, 0x1);
    expect((await refusal(encrypted)).message).toMatch(/"a\.js" is encrypted/);
    const bzip = makeZip([page(), { name: 'a.js', data: 'x' }]);
    setMethodOfSecondEntry(bzip, 12);
    expect((await refusal(bzip)).message).toMatch(/method 12/);
  });

  it('a file shorter than its header says', async () => {
    expect((await refusal([page(), { name: 'a.js', data: 'abc', statedSize: 10, deflate: true }])).message).toMatch(
      /shorter than the zip says/,
    );
  });
});

async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/** The central directory entry of the second file: its flags and method live at fixed offsets. */
function secondCentralEntry(zip: Buffer): number {
  const first = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  return zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), first + 4);
}
function setFlagOfSecondEntry(zip: Buffer, flag: number) {
  const at = secondCentralEntry(zip);
  zip.writeUInt16LE(zip.readUInt16LE(at + 8) | flag, at + 8);
}
function setMethodOfSecondEntry(zip: Buffer, method: number) {
  zip.writeUInt16LE(method, secondCentralEntry(zip) + 10);
}
