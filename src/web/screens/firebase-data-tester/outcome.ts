import { encodeValue } from '../../../shared/documents';
import { isApiError } from '../../lib/api';
import { DocumentError } from '../../lib/documents';

/** What one operation came to, as the explorer shows it. */
export type Outcome =
  { kind: 'ok'; title: string; json?: unknown } | { kind: 'error'; code: string; message: string; where: 'browser' | 'server' | 'page' };

/** Shows decoded values in the store's wire form (timestamps, geo points and bytes tagged). */
export const wireForm = (value: unknown) => encodeValue(value, '', 0);

export function outcomeOfError(error: unknown): Outcome {
  if (error instanceof DocumentError) return { kind: 'error', code: error.code, message: error.message, where: 'browser' };
  if (isApiError(error)) return { kind: 'error', code: error.code, message: error.message, where: 'server' };
  return { kind: 'error', code: 'error', message: error instanceof Error ? error.message : String(error), where: 'page' };
}

/** Runs an operation and never throws: the explorer shows failures as results. */
export async function attempt(work: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await work();
  } catch (error) {
    return outcomeOfError(error);
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`That is not valid JSON: ${(error as Error).message}`);
  }
}
