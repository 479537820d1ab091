import { BuildRefused } from './build-refused';

const MAX_PATH_LENGTH = 1024;
const MAX_PART_LENGTH = 255;

/**
 * The path of a zip entry inside the build, or a refusal saying why it cannot be one. Only
 * plain relative paths with forward slashes get through, so joining one to the build's folder
 * never leaves it, on any file system.
 */
export function checkEntryName(name: string): string {
  const quoted = JSON.stringify(name);
  if (name.includes('\uFFFD')) throw new BuildRefused(`${quoted} is not valid UTF-8: name the file in UTF-8.`);
  if (name.includes('\\')) throw new BuildRefused(`${quoted} has a backslash: zip paths use forward slashes (/).`);
  if (/^[A-Za-z]:/.test(name)) throw new BuildRefused(`${quoted} starts with a drive letter: paths in a build start inside it.`);
  if (name.startsWith('/')) throw new BuildRefused(`${quoted} is an absolute path: paths in a build start inside it.`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new BuildRefused(`${quoted} has a control character in its name.`);
  if (name.length > MAX_PATH_LENGTH) throw new BuildRefused(`${quoted} is longer than ${MAX_PATH_LENGTH} characters.`);
  const parts = name.replace(/\/$/, '').split('/');
  if (parts.includes('..')) throw new BuildRefused(`${quoted} leaves the build (..): every file must be inside it.`);
  if (parts.some((part) => part === '' || part === '.')) throw new BuildRefused(`${quoted} has an empty or "." part.`);
  if (parts.some((part) => part.length > MAX_PART_LENGTH))
    throw new BuildRefused(`${quoted} has a name longer than ${MAX_PART_LENGTH} characters.`);
  return name;
}

/** What two names are the same file as on a case-insensitive, Unicode-normalising file system (macOS, Windows). */
export function collisionKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Files zip tools add that are no part of a game: left out rather than refused. */
export function isPackingLitter(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.startsWith('__MACOSX/') || base === '.DS_Store' || base === 'Thumbs.db' || base === 'desktop.ini';
}
