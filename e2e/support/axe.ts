import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// A frame may be another origin's (a game): axe in the page asks it for its part by message.
const axeInFrame = `${axeSource}\n;axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`;

/** A frame that never answers (one still loading) is reported as untested after this, not waited on for a minute. */
const FRAME_WAIT_MS = 5_000;

async function bringAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => 'axe' in window)) return;
  await frame.evaluate(axeInFrame);
}

/**
 * axe's results for the page as it is now, with `rules` only when given. axe is brought into
 * each document once and run there: bringing it (half a megabyte of script) into every frame
 * and finishing in a blank page, as `@axe-core/playwright` does for each check, cost 0.7-0.9 s
 * of a 1.1 s check, and the every-screen test checks each screen twice.
 */
export async function axeResults(page: Page, rules?: readonly string[]): Promise<axe.AxeResults> {
  await Promise.all(page.frames().map(bringAxe));
  const options: axe.RunOptions = { frameWaitTime: FRAME_WAIT_MS, ...(rules && { runOnly: { type: 'rule', values: [...rules] } }) };
  return page.evaluate((runOptions) => window.axe.run(document, runOptions), options);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
