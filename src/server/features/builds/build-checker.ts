import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { BuildLimits } from '../../../shared/builds';
import { BuildRefused } from './build-refused';
import { checkEntryName, collisionKey, isPackingLitter } from './entry-names';
import { allowedExtensions, servedTypeOf } from './file-types';

export interface CheckedBuild {
  fileCount: number;
  sizeBytes: number;
  /** The page that starts the game, relative to the build's root. */
  entryPath: string;
}

interface BuildFile {
  entry: Entry;
  name: string;
}

const ENTRY_PAGE = 'index.html';

/**
 * Checks the zip at `zipPath` and unpacks it into `outDir` (which must not exist yet), or
 * refuses it with a BuildRefused saying why. Names, links, types, counts and stated sizes are
 * all checked from the zip's directory before a byte is inflated; while unpacking, every file's
 * bytes are counted as they are inflated, so a zip whose headers lie is stopped as soon as it
 * says more than it said, never after. The zip is read from disk: nothing is held in memory.
 */
export async function checkAndUnpackBuild(zipPath: string, outDir: string, limits: BuildLimits): Promise<CheckedBuild> {
  const zip = await openZip(zipPath);
  try {
    const files = await listFiles(zip, limits);
    const root = rootOf(files);
    await mkdir(outDir);
    let remaining = limits.totalBytes;
    for (const file of files) {
      remaining -= await unpackFile(zip, file, path.join(outDir, file.name.slice(root.length)), remaining, limits);
    }
    return { fileCount: files.length, sizeBytes: limits.totalBytes - remaining, entryPath: ENTRY_PAGE };
  } finally {
    zip.close();
  }
}

/**
 * Checks a build that is already a folder (the sample games that ship with GameSource) by the
 * rules a zip's directory is checked by: every name, type, count and size, and index.html at
 * the top. Nothing is copied: `dir` is the folder that will be kept.
 */
export async function checkBuildFolder(dir: string, limits: BuildLimits): Promise<CheckedBuild> {
  const seen = new Map<string, string>();
  let fileCount = 0;
  let sizeBytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const name = checkEntryName(path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    if (entry.isSymbolicLink()) throw new BuildRefused(`${JSON.stringify(name)} is a link: a build holds only files and folders.`);
    if (!entry.isFile() || isPackingLitter(name)) continue;
    if (++fileCount > limits.files) throw tooManyFiles(limits);
    if (!servedTypeOf(name)) throw new BuildRefused(`${JSON.stringify(name)} is not a type a web build may hold.`);
    const { size } = await stat(path.join(dir, name));
    if (size > limits.fileBytes) throw fileTooLarge(name, limits);
    claimName(seen, name);
    sizeBytes += size;
    if (sizeBytes > limits.totalBytes) throw unpacksTooLarge(limits);
  }
  if (!seen.has(ENTRY_PAGE))
    throw new BuildRefused('The build has no index.html at its top: the page that starts the game must be index.html.');
  return { fileCount, sizeBytes, entryPath: ENTRY_PAGE };
}

async function openZip(zipPath: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(zipPath, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, autoClose: false });
  } catch {
    throw new BuildRefused('That is not a zip file we can read. Zip the folder that holds index.html and send the .zip.');
  }
}

/** Every file the build will hold, checked from the zip's directory alone. */
async function listFiles(zip: ZipFile, limits: BuildLimits): Promise<BuildFile[]> {
  // Folders and packing litter are entries too; beyond this many the directory itself is the attack.
  if (zip.entryCount > limits.files * 4) throw tooManyFiles(limits);
  const files: BuildFile[] = [];
  const seen = new Map<string, string>();
  let declaredTotal = 0;
  for await (const entry of entriesOf(zip)) {
    const name = checkEntryName(decodeName(entry));
    if (isSymlink(entry)) throw new BuildRefused(`${JSON.stringify(name)} is a link: a build holds only files and folders.`);
    if (name.endsWith('/') || isPackingLitter(name)) continue;
    if (files.length === limits.files) throw tooManyFiles(limits);
    checkFileEntry(entry, name, limits);
    claimName(seen, name);
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.totalBytes) throw unpacksTooLarge(limits);
    files.push({ entry, name });
  }
  if (files.length === 0) throw new BuildRefused('The zip holds no files. Zip the folder that holds index.html.');
  return files;
}

function checkFileEntry(entry: Entry, name: string, limits: BuildLimits): void {
  const quoted = JSON.stringify(name);
  if (entry.isEncrypted()) throw new BuildRefused(`${quoted} is encrypted: send the build without a password.`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new BuildRefused(
      `${quoted} is compressed in a way we do not read (method ${entry.compressionMethod}): use an ordinary zip (stored or deflated).`,
    );
  }
  if (!servedTypeOf(name)) {
    throw new BuildRefused(
      `${quoted} is not a type a web build may hold. Allowed: ${allowedExtensions.join(', ')}, and any of them precompressed as .gz or .br.`,
    );
  }
  if (entry.uncompressedSize > limits.fileBytes) throw fileTooLarge(name, limits);
}

/** Refuses a second name for the same file on a case-insensitive or normalising file system, and a file that is also a folder. */
function claimName(seen: Map<string, string>, name: string): void {
  const key = collisionKey(name);
  const earlier = seen.get(key);
  if (earlier !== undefined) {
    if (earlier === name) throw new BuildRefused(`The zip holds ${JSON.stringify(name)} twice.`);
    throw new BuildRefused(
      `${JSON.stringify(earlier)} and ${JSON.stringify(name)} are one name once case and accents are set aside (as on macOS and Windows): rename one.`,
    );
  }
  const parts = key.split('/');
  for (let depth = 1; depth < parts.length; depth++) {
    const folder = parts.slice(0, depth).join('/');
    if (seen.get(folder)?.endsWith('/') === false)
      throw new BuildRefused(`${JSON.stringify(seen.get(folder))} is a file and a folder at once.`);
    seen.set(`${folder}/`, `${folder}/`);
  }
  if (seen.has(`${key}/`)) throw new BuildRefused(`${JSON.stringify(name)} is a file and a folder at once.`);
  seen.set(key, name);
}

/** The build starts at the top, or inside the one folder that holds everything. */
function rootOf(files: BuildFile[]): string {
  const names = new Set(files.map((file) => file.name));
  if (names.has(ENTRY_PAGE)) return '';
  const tops = new Set(files.map((file) => (file.name.includes('/') ? file.name.slice(0, file.name.indexOf('/') + 1) : '')));
  const [top] = tops;
  if (tops.size === 1 && top && names.has(`${top}${ENTRY_PAGE}`)) return top;
  throw new BuildRefused('The build has no index.html at its top or in its one folder: the page that starts the game must be index.html.');
}

async function unpackFile(zip: ZipFile, file: BuildFile, target: string, remaining: number, limits: BuildLimits): Promise<number> {
  await mkdir(path.dirname(target), { recursive: true });
  const input = await openEntry(zip, file.entry);
  const counter = inflationCounter(file, Math.min(remaining, limits.fileBytes), limits);
  try {
    await pipeline(input, counter.stream, createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    if (error instanceof BuildRefused) throw error;
    throw new BuildRefused(`${JSON.stringify(file.name)} could not be unpacked: the zip is damaged.`);
  }
  if (counter.bytes() !== file.entry.uncompressedSize) {
    throw new BuildRefused(`${JSON.stringify(file.name)} is shorter than the zip says: the zip is damaged.`);
  }
  return counter.bytes();
}

/** Counts inflated bytes and stops the stream the moment they pass what the file may hold. */
function inflationCounter(file: BuildFile, allowance: number, limits: BuildLimits) {
  let bytes = 0;
  const stated = file.entry.uncompressedSize;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > stated) return done(zipBomb(file.name, stated));
      if (bytes > allowance) return done(bytes > limits.fileBytes ? fileTooLarge(file.name, limits) : unpacksTooLarge(limits));
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(new BuildRefused('The zip is damaged: a file in it cannot be read.')) : resolve(stream),
    );
  });
}

async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  const next = () =>
    new Promise<Entry | null>((resolve, reject) => {
      const onEntry = (entry: Entry) => settle(() => resolve(entry));
      const onEnd = () => settle(() => resolve(null));
      const onError = () => settle(() => reject(new BuildRefused('The zip is damaged: its list of files cannot be read.')));
      const settle = (then: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        then();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
  for (let entry = await next(); entry; entry = await next()) yield entry;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 when flagged or when the bytes are valid UTF-8 (many zip tools leave the flag off); the zip standard's CP437 otherwise. */
function decodeName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  const flagged = (entry.generalPurposeBitFlag & 0x800) !== 0;
  if (!flagged) {
    try {
      return utf8.decode(raw);
    } catch {
      // Not UTF-8: read as the zip standard says.
    }
  }
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
}

function isSymlink(entry: Entry): boolean {
  return ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;
}

const tooManyFiles = (limits: BuildLimits) =>
  new BuildRefused(`The build holds more than ${limits.files} files, the most a build may hold.`, true);
const unpacksTooLarge = (limits: BuildLimits) =>
  new BuildRefused(`The build unpacks to more than ${sizeText(limits.totalBytes)}, the most a build may take.`, true);
const fileTooLarge = (name: string, limits: BuildLimits) =>
  new BuildRefused(`${JSON.stringify(name)} unpacks to more than ${sizeText(limits.fileBytes)}, the most one file may take.`, true);
const zipBomb = (name: string, stated: number) =>
  new BuildRefused(`${JSON.stringify(name)} inflates to more than the ${stated} bytes the zip says it holds: refused as a zip bomb.`);

function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb)} MB` : `${Math.round(bytes / 1024)} KB`;
}
