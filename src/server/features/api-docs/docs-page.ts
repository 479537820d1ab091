import { DOCS_PATH, OPENAPI_PATH } from './openapi';

/** The parts of an OpenAPI document the page shows. */
type Operation = {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { description?: string }>;
  'x-public-read'?: boolean;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function parameterList(operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const body = Object.keys(operation.requestBody?.content ?? {});
  if (parameters.length === 0 && body.length === 0) return '<p>No parameters.</p>';
  const items = parameters.map(
    (p) =>
      `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ', required' : ''})${p.description ? `: ${escape(p.description)}` : ''}</li>`,
  );
  if (body.length > 0) items.push(`<li>Body: ${body.map((type) => `<code>${escape(type)}</code>`).join(', ')}</li>`);
  return `<ul>${items.join('')}</ul>`;
}

function responseList(operation: Operation): string {
  const codes = Object.entries(operation.responses ?? {});
  return `<ul>${codes.map(([code, response]) => `<li><code>${escape(code)}</code> ${escape(response.description ?? '')}</li>`).join('')}</ul>`;
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9-]+/g, '-');
  return `<section id="${escape(id)}">
<h3><span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code>${operation['x-public-read'] ? ' <span class="public">public read</span>' : ''}</h3>
<p>${escape(operation.summary ?? '')}</p>${operation.description ? `<p>${escape(operation.description)}</p>` : ''}
<h4>Parameters</h4>${parameterList(operation)}
<h4>Responses</h4>${responseList(operation)}
</section>`;
}

/** Every operation of the document, in path order: a plain page, no script, within the site's CSP. */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([path, item]) => METHODS.filter((method) => item[method]).map((method) => renderOperation(method, path, item[method]!)));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#111}section{border-top:1px solid #ccc;padding:.5rem 0}.method{font-weight:700}.public{font-size:.8rem;border:1px solid #777;border-radius:4px;padding:0 .3rem}h4{margin:.5rem 0 .2rem}</style>
</head><body><h1>${escape(document.info.title)}</h1>
<p>${escape(document.info.description ?? '')}</p>
<p>The machine-readable document: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1). This page: <code>${DOCS_PATH}</code>.</p>
<h2>${operations.length} operations</h2>
${operations.join('\n')}
</body></html>`;
}
