import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { checkAndUnpackBuild } from '../../server/features/builds/build-checker';
import type { BuildLimits } from '../../shared/builds';
import { zipFolder } from './zip-folder';

let dir: string;
let count = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gs-zip-folder-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const limits: BuildLimits = { uploadBytes: 530 * 1024 * 1024, totalBytes: 500 * 1024 * 1024, fileBytes: 100 * 1024 * 1024, files: 1000 };

/** A File as <input webkitdirectory> gives it. */
function picked(relativePath: string, content: string | Uint8Array<ArrayBuffer>): File {
  const file = new File([content], path.posix.basename(relativePath), { lastModified: Date.UTC(2026, 4, 17, 10, 30) });
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
}

async function saved(zip: File): Promise<string> {
  const zipPath = path.join(dir, `${++count}.zip`);
  await writeFile(zipPath, new Uint8Array(await zip.arrayBuffer()));
  return zipPath;
}

async function entriesOf(zipPath: string) {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  const entries = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const data = await buffer(await zip.openReadStreamPromise(entry));
      entries.push({
        name: entry.fileName,
        data,
        crc32: entry.crc32,
        method: entry.compressionMethod,
        utf8: (entry.generalPurposeBitFlag & 0x800) !== 0,
      });
    }
  } finally {
    zip.close();
  }
  return entries;
}

const binary = randomBytes(300_000);
const game = () => [
  picked('game/index.html', '<!doctype html><title>Game</title><script src="js/app.js"></script>'),
  picked('game/js/app.js', 'console.log("played");'),
  picked('game/assets/data.bin', new Uint8Array(binary)),
  picked('game/niveau-été.json', '{"niveau":1}'),
  picked('game/empty.txt', ''),
];

describe('zipFolder', () => {
  it('stores every file under its path in the folder, byte for byte, with its CRC32 and a UTF-8 name', async () => {
    const files = game();
    const zip = await zipFolder(files);
    expect(zip.name).toBe('game.zip');
    expect(zip.type).toBe('application/zip');

    const entries = await entriesOf(await saved(zip));
    expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.webkitRelativePath));
    for (const [i, entry] of entries.entries()) {
      const content = Buffer.from(await files[i]!.arrayBuffer());
      expect(entry.data.equals(content)).toBe(true);
      expect(entry.crc32).toBe(crc32(content));
      expect(entry.method).toBe(0);
      expect(entry.utf8).toBe(true);
    }
  });

  it('makes a zip the build checker takes, starting at the folder’s index.html', async () => {
    const zipPath = await saved(await zipFolder(game()));
    const outDir = path.join(dir, `out-${count}`);
    expect(await checkAndUnpackBuild(zipPath, outDir, limits)).toEqual({
      fileCount: 5,
      sizeBytes: expect.any(Number),
      entryPath: 'index.html',
    });
    expect((await readFile(path.join(outDir, 'assets/data.bin'))).equals(binary)).toBe(true);
    expect(await readFile(path.join(outDir, 'niveau-été.json'), 'utf8')).toBe('{"niveau":1}');
  });

  it('leaves out the files operating systems add to folders', async () => {
    const litter = ['game/.DS_Store', 'game/Thumbs.db', 'game/js/desktop.ini', 'game/__MACOSX/._index.html', 'game/__MACOSX/js/._app.js'];
    const zip = await zipFolder([...game(), ...litter.map((name) => picked(name, 'x'))]);
    const names = (await entriesOf(await saved(zip))).map((entry) => entry.name);
    expect(names).toEqual(game().map((file) => file.webkitRelativePath));
  });

  it('reports progress that rises to 1', async () => {
    const fractions: number[] = [];
    await zipFolder(game(), { onProgress: (fraction) => fractions.push(fraction) });
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.filter((fraction) => fraction === 1)).toHaveLength(1);
  });

  it('reports 1 for a folder of empty files', async () => {
    const fractions: number[] = [];
    await zipFolder([picked('game/index.html', '')], { onProgress: (fraction) => fractions.push(fraction) });
    expect(fractions).toEqual([1]);
  });

  it('names the zip "build" when the files come without a folder', async () => {
    expect((await zipFolder([new File(['<!doctype html>'], 'index.html')])).name).toBe('build.zip');
  });

  it('refuses a folder with no files, or only litter', async () => {
    await expect(zipFolder([])).rejects.toThrow('That folder holds no files');
    await expect(zipFolder([picked('game/.DS_Store', 'x')])).rejects.toThrow('That folder holds no files');
  });

  it('refuses what a zip without Zip64 cannot hold', async () => {
    const many = Array<File>(65_536).fill(picked('game/index.js', ''));
    await expect(zipFolder(many)).rejects.toThrow('at most 65,535');

    const huge = picked('game/huge.bin', 'x');
    Object.defineProperty(huge, 'size', { value: 4 * 1024 ** 3 });
    await expect(zipFolder([picked('game/index.html', 'x'), huge])).rejects.toThrow('“game/huge.bin” is 4 GB or more');

    const large = () => Object.defineProperty(picked('game/large.bin', 'x'), 'size', { value: 3 * 1024 ** 3 });
    await expect(zipFolder([large(), large()])).rejects.toThrow('That folder comes to 4 GB or more');
  });

  it('stops when aborted', async () => {
    await expect(zipFolder(game(), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
