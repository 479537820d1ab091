import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidArgument, type AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route refuses NUL in its path and text itself, with messages of its own (the document store). */
    checksOwnText?: boolean;
    /**
     * The route's JSON may hold any key, "__proto__" and "constructor" included: its own checks
     * refuse or keep them as data (the document store). It never assigns keys onto plain objects.
     */
    checksOwnKeys?: boolean;
  }
}

// PostgreSQL text cannot hold NUL: a NUL that reached a query failed it (500). No text of the
// app may hold one, so requests that carry one are refused at the door, in the URL and in bodies.

/**
 * Deepest nesting of objects and arrays a JSON body may have. Document data needs about 20
 * levels, and a batch wraps it in three more; nothing real comes near 64. Deeper bodies are
 * refused before they are parsed, so no code downstream recurses through them.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`;
export const NUL_IN_TEXT_MESSAGE = 'Text must not contain NUL characters (\\u0000).';
export const NOT_AN_OBJECT_MESSAGE = 'Send the fields as a JSON object.';
export const NUL_IN_URL_MESSAGE = 'The address must not contain NUL characters (%00).';

const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * One pass over the text, without parsing it: whether it nests deeper than MAX_JSON_DEPTH and
 * whether a string in it holds NUL (which PostgreSQL text cannot). Strings are skipped with
 * indexOf, so a megabyte of text costs little. Malformed JSON is left to the parser.
 */
export function scanJson(text: string): { tooDeep: boolean; hasNul: boolean } {
  let depth = 0;
  let hasNul = false;
  let nextBackslash = text.indexOf('\\');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH) return { tooDeep: true, hasNul };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === QUOTE) {
      // To the closing quote, past every escape (an escaped quote or backslash included).
      for (i++; ;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return { tooDeep: false, hasNul };
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = text.indexOf('\\', i);
        if (nextBackslash === -1 || quote < nextBackslash) {
          i = quote;
          break;
        }
        if (text.startsWith('u0000', nextBackslash + 1)) hasNul = true;
        i = nextBackslash + 2;
      }
    }
  }
  return { tooDeep: false, hasNul };
}

function problemOf(request: FastifyRequest, text: string): AppError | null {
  const { tooDeep, hasNul } = scanJson(text);
  if (tooDeep) return invalidArgument(TOO_DEEP_MESSAGE);
  if (hasNul && !request.routeOptions.config.checksOwnText) return invalidArgument(NUL_IN_TEXT_MESSAGE);
  return null;
}

/** JSON.parse makes "__proto__" an own key, never the prototype. */
function parseKeepingKeys(text: string, done: (error: Error | null, body?: unknown) => void): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return done(invalidArgument('The body is not valid JSON.'));
  }
  done(null, body);
}

/**
 * The one JSON body parser of the whole app (Better Auth's mount included): Fastify's own,
 * with its prototype-poisoning checks, behind the depth and NUL checks. And no URL with NUL.
 */
export function registerInputChecks(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const problem = problemOf(request, text);
    if (problem) return done(problem, undefined);
    if (request.routeOptions.config.checksOwnKeys) return parseKeepingKeys(text, done);
    parse(request, text, done);
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00') && !request.routeOptions.config.checksOwnText) throw invalidArgument(NUL_IN_URL_MESSAGE);
  });
}

/**
 * For routes that pass bodies on unread (Better Auth's): a JSON body must be an object. Some of
 * its endpoints threw (500) on `null`, `false` or a number.
 */
export async function refuseNonObjectJson(request: FastifyRequest): Promise<void> {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (request.body === undefined || !type.startsWith('application/json')) return;
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw invalidArgument(NOT_AN_OBJECT_MESSAGE);
  }
}

/** A form body (Better Auth's, and the page forms that work before scripts) must not carry NUL either. */
export function formBodyProblem(text: string): AppError | null {
  return /%00/.test(text) || text.includes('\u0000') ? invalidArgument(NUL_IN_TEXT_MESSAGE) : null;
}
