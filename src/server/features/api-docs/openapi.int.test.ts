import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import type { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import { recordingRoutes, type RegisteredRoute } from '../../../test-support/server/registered-routes';

// The OpenAPI document describes every route the app registers, and every GET answers what the
// document says it answers.

/**
 * /api routes left out of the document, each for a reason (decision 0032): Better Auth's own
 * endpoints behind one wildcard, whose contract is the library's.
 */
const LEFT_OUT_OF_THE_DOCUMENT = ['GET /api/auth/*', 'POST /api/auth/*'];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: object }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let routes: RegisteredRoute[];
let document: Document;
let member: HttpClient;
let memberId: string;

beforeAll(async () => {
  ({ built: t, routes } = await recordingRoutes(() => createTestApp()));
  document = (await t.app.inject('/api/openapi.json')).json();
  ({ client: member } = await signUpMember(t.app));
  memberId = (await member.get('/api/me')).json().user.id;
});
afterAll(() => t.close());

/** `/api/games/:id` as the document writes it: `/api/games/{id}`. */
const documentPath = (url: string) => url.replace(/\/:([A-Za-z]+)/g, '/{$1}').replace(/\*$/, '{*}');
const operationOf = (route: RegisteredRoute) => document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
const apiRoutes = () => routes.filter((route) => route.method !== 'HEAD' && route.url.startsWith('/api/'));
const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, and the page at /api/docs lists it', async () => {
    expect(document.openapi).toBe('3.1.0');
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="/api/openapi.json">');
    expect(page.body).toContain('<code>/api/games/{id}</code>');
    expect(page.body).not.toContain('<script');
  });

  it('describes every /api route the app registers, but for the few named as left out', () => {
    const missing = apiRoutes()
      .filter((route) => !LEFT_OUT_OF_THE_DOCUMENT.includes(label(route)))
      .filter((route) => route.hidden || !operationOf(route))
      .map(label);
    expect(missing).toEqual([]);
    // The exception stays narrow: exactly those routes are hidden, and they are hidden on purpose.
    expect(
      apiRoutes()
        .filter((route) => route.hidden)
        .map(label)
        .sort(),
    ).toEqual([...LEFT_OUT_OF_THE_DOCUMENT].sort());
  });

  it('leaves out only routes outside /api that say so (static files, pages for people)', () => {
    const undocumented = routes
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/'))
      .filter((route) => !route.hidden && !operationOf(route))
      .map(label);
    expect(undocumented).toEqual([]);
  });

  it('gives every /api operation a summary, its path parameters and its answers with their schemas', () => {
    const problems = operations()
      .filter(({ path }) => path.startsWith('/api/'))
      .flatMap(({ path, method, operation }) => {
        const where = `${method.toUpperCase()} ${path}`;
        const declared = new Set((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
        const wanted = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
        return [
          ...(operation.summary ? [] : [`${where}: no summary`]),
          ...wanted.filter((name) => !declared.has(name)).map((name) => `${where}: path parameter ${name} undescribed`),
          ...Object.entries(operation.responses)
            .filter(([status, response]) => status !== '204' && !response.content)
            .map(([status]) => `${where}: ${status} answer has no schema`),
        ];
      });
    expect(problems).toEqual([]);
  });
});

/** The document's example for a parameter, with the member's own id where an example names it. */
function exampleOf(parameter: Parameter): string | undefined {
  const example = parameter.example ?? Object.values(parameter.examples ?? {})[0]?.value;
  return example === undefined ? undefined : String(example).replaceAll('<your user id>', memberId);
}

function exampleUrl(path: string, operation: Operation): string | undefined {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    const example = exampleOf(parameter);
    if (parameter.in === 'path') {
      if (example === undefined) return undefined;
      url = url.replace(`{${parameter.name}}`, parameter.name === '*' ? example : encodeURIComponent(example));
    } else if (parameter.in === 'query' && parameter.required) {
      if (example === undefined) return undefined;
      query.set(parameter.name, example);
    }
  }
  return query.size > 0 ? `${url}?${query}` : url;
}

describe('every GET of the document, called with its examples', () => {
  // A stream that stays open has no answer to check.
  const streams = new Set(['/api/live']);

  it('has examples for every path parameter and required query parameter', () => {
    const withoutExamples = operations()
      .filter(({ method, path }) => method === 'get' && !streams.has(path))
      .filter(({ path, operation }) => exampleUrl(path, operation) === undefined)
      .map(({ path }) => path);
    expect(withoutExamples).toEqual([]);
  });

  it('answers a documented status, with a body its response schema accepts, signed in as a member', async () => {
    const problems: string[] = [];
    for (const { path, method, operation } of operations()) {
      if (method !== 'get' || streams.has(path)) continue;
      const url = exampleUrl(path, operation);
      if (url === undefined) continue; // reported by the test above
      const response = await member.get(url);
      const documented = operation.responses[String(response.statusCode)];
      if (!documented) {
        problems.push(`GET ${url}: ${response.statusCode} is not documented (${response.body.slice(0, 200)})`);
        continue;
      }
      const schema = documented.content?.['application/json']?.schema;
      if (!schema) continue;
      const check = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(response.json());
      if (!check.success) problems.push(`GET ${url}: ${response.statusCode} ${z.prettifyError(check.error)}`);
    }
    expect(problems).toEqual([]);
  });
});
