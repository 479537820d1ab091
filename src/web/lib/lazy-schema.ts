import type * as schemaModule from './schemas';

type Schemas = typeof schemaModule;

/**
 * The shared Zod schemas load with the first request instead of with the page, which keeps Zod
 * out of the JavaScript needed for first paint; `apiGet` awaits the schema and the response together.
 */
export function schema<Name extends keyof Schemas>(name: Name): Promise<Schemas[Name]> {
  return import('./schemas').then((schemas) => schemas[name]);
}
