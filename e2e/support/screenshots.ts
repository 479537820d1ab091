import path from 'node:path';

/**
 * The folder for a file's screenshots, which are for a person to look at (both themes, phone
 * width) and are never compared: set E2E_SCREENSHOTS to a folder to take them. Unset (as in CI),
 * there is none and nothing is taken, so no test waits on pictures nobody reads.
 */
export function screenshotFolder(name: string): string | undefined {
  const root = process.env.E2E_SCREENSHOTS;
  return root ? path.join(root, name) : undefined;
}
