// JSON answers made as text: the catalogue keeps its cards and pages as JSON text, and an answer
// is spliced from such parts rather than parsed and serialised again. This is the one way to
// splice them; every answer made so is checked against its route's response schema by
// features/api-docs/json-answers.int.test.ts.

/** Text that is JSON already: put in as it is where a value goes. */
export class JsonText {
  constructor(readonly text: string) {}

  /** Inside a plain object JSON.stringify would write `{"text":…}`: such an object goes through objectJson too. */
  toJSON(): never {
    throw new Error('JSON text inside a plain value: make that value with objectJson');
  }
}

export const jsonText = (text: string) => new JsonText(text);

/** An array of JSON texts, as a value. */
export const jsonArray = (items: readonly string[]) => new JsonText(`[${items.join(',')}]`);

const valueText = (value: unknown) => (value instanceof JsonText ? value.text : JSON.stringify(value));

/** An object as JSON text: each value serialised, JsonText put in as it is; undefined left out. */
export function objectJson(fields: Record<string, unknown>): string {
  const members = Object.entries(fields).flatMap(([key, value]) =>
    value === undefined ? [] : [`${JSON.stringify(key)}:${valueText(value)}`],
  );
  return `{${members.join(',')}}`;
}

/** One object of several objects' JSON text, their fields in order (a later one must not repeat a key). */
export function joinObjects(...objects: readonly string[]): string {
  const members = objects.map((object) => object.slice(1, -1)).filter((inner) => inner.trim() !== '');
  return `{${members.join(',')}}`;
}

/** The object's JSON text with these fields after its own. */
export const withFields = (object: string, fields: Record<string, unknown>) => joinObjects(object, objectJson(fields));
