import { decodeBase64 } from './base64';
import { invalidDocumentArgument } from './errors';
import {
  BASE64_ERROR,
  BYTES_TAG,
  DOUBLE_TAG,
  type EncodedData,
  type EncodedValue,
  fieldLabel,
  GEOPOINT_TAG,
  isPlainObject,
  MAX_NESTING_LEVELS,
  RESERVED_FIELD,
  RESERVED_FIELD_MESSAGE,
  specialDoubles,
  tagOf,
  TIMESTAMP_TAG,
  tooDeepMessage,
} from './values';

/** Largest document, in bytes of its encoded JSON (UTF-8). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

// Messages the spec words are kept exactly; the others name the offending field.
export const messages = {
  dataNotObject: 'Data must be an object',
  emptyDocumentField: 'Document fields must not be empty',
  reservedDocumentField: RESERVED_FIELD_MESSAGE,
  emptyFieldName: 'Field names must not be empty',
  base64: BASE64_ERROR,
} as const;

const RESERVED = RESERVED_FIELD;
const FORBIDDEN_CHARACTERS = /[~*/[\]]/;
const BAD_DOTS = (name: string) => name.startsWith('.') || name.endsWith('.') || name.includes('..');
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TIMESTAMP_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{3}|\d{6})Z$/;

/** A UTC ISO 8601 time to the millisecond, from year 0001 to 9999, that names a real instant. */
export function isIsoTime(text: unknown): text is string {
  if (typeof text !== 'string' || !ISO_TIME.test(text) || text.startsWith('0000')) return false;
  // A well-formed but impossible time (month 13) is an invalid Date, whose toISOString throws.
  const time = new Date(text);
  return !Number.isNaN(time.getTime()) && time.toISOString() === text;
}

/** A timestamp value's text: to the microsecond as the client sends it, or to the millisecond. */
export function isTimestampText(text: unknown): text is string {
  const match = typeof text === 'string' ? TIMESTAMP_TIME.exec(text) : null;
  return match !== null && isIsoTime(`${match[1]}.000Z`);
}

// PostgreSQL text cannot hold NUL, and UTF-8 cannot carry a lone surrogate.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isUnstorableText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function validateText(text: string, field: string): void {
  if (isUnstorableText(text)) {
    throw invalidDocumentArgument(`Text must not contain NUL characters or unpaired surrogates (${fieldLabel(field)})`);
  }
}

const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

function validateFieldName(key: string, parent: string): void {
  if (key === '') throw invalidDocumentArgument(messages.emptyDocumentField);
  if (RESERVED.test(key)) throw invalidDocumentArgument(messages.reservedDocumentField);
  const field = join(parent, key);
  validateText(key, field);
  if (FORBIDDEN_CHARACTERS.test(key)) throw invalidDocumentArgument(`Field name "${field}" must not contain ~ * / [ ]`);
  if (BAD_DOTS(key)) throw invalidDocumentArgument(`Field name "${field}" must not start or end with a dot or contain ".."`);
}

/** The fields of a map whose own level is `level` (the document's is 0). */
function validateMap(map: Record<string, unknown>, parent: string, level: number): void {
  for (const [key, value] of Object.entries(map)) {
    validateFieldName(key, parent);
    validateValue(value, join(parent, key), false, level + 1);
  }
}

function validateCoordinate(value: unknown, name: 'Latitude' | 'Longitude', bound: number, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < -bound || value > bound) {
    throw invalidDocumentArgument(
      `${name} must be a number between -${bound} and ${bound}, but was: ${String(value)} (${fieldLabel(field)})`,
    );
  }
}

function validateTagged(tag: string, inner: unknown, field: string): void {
  if (tag === BYTES_TAG) {
    if (typeof inner !== 'string' || !decodeBase64(inner)) throw invalidDocumentArgument(messages.base64);
  } else if (tag === TIMESTAMP_TAG) {
    if (!isTimestampText(inner)) {
      throw invalidDocumentArgument(
        `Timestamps must be UTC ISO 8601 times from year 0001 to 9999 like 2024-05-01T12:00:00.000Z (${fieldLabel(field)})`,
      );
    }
  } else if (tag === DOUBLE_TAG) {
    if (!(specialDoubles as readonly unknown[]).includes(inner)) {
      throw invalidDocumentArgument(`${DOUBLE_TAG} stands for one of ${specialDoubles.join(', ')} (${fieldLabel(field)})`);
    }
  } else if (tag === GEOPOINT_TAG) {
    const keys = isPlainObject(inner) ? Object.keys(inner).sort().join(',') : '';
    if (keys !== 'latitude,longitude') {
      throw invalidDocumentArgument(`A geo point needs exactly a latitude and a longitude (${fieldLabel(field)})`);
    }
    const point = inner as { latitude: unknown; longitude: unknown };
    validateCoordinate(point.latitude, 'Latitude', 90, field);
    validateCoordinate(point.longitude, 'Longitude', 180, field);
  }
}

/**
 * Checks one encoded value; `inArray` is true for the elements of an array; `level` is the
 * value's own (a top-level field's is 1), checked first so that no depth reaches the stack.
 */
export function validateValue(value: unknown, field: string, inArray = false, level = 1): asserts value is EncodedValue {
  if (level > MAX_NESTING_LEVELS) throw invalidDocumentArgument(tooDeepMessage(field));
  if (value === null || typeof value === 'boolean') return;
  if (typeof value === 'string') return validateText(value, field);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidDocumentArgument(`Numbers must be finite (${fieldLabel(field)})`);
    return;
  }
  if (Array.isArray(value)) {
    if (inArray) throw invalidDocumentArgument(`Nested arrays are not allowed (${fieldLabel(field)})`);
    for (const item of value) validateValue(item, field, true, level + 1);
    return;
  }
  if (isPlainObject(value)) {
    const tag = tagOf(value as EncodedValue);
    if (tag) validateTagged(tag, value[tag], field);
    else validateMap(value, field, level);
    return;
  }
  throw invalidDocumentArgument(`Unsupported field value (${fieldLabel(field)})`);
}

export function documentSize(data: EncodedData): number {
  return new TextEncoder().encode(JSON.stringify(data)).length;
}

export function validateSize(data: EncodedData): void {
  const size = documentSize(data);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidDocumentArgument(`The document is ${size} bytes; the limit is ${MAX_DOCUMENT_BYTES} bytes (1 MiB)`);
  }
}

/** The data of a set or add: a plain object of valid fields, at most 1 MiB. */
export function validateDocumentData(data: unknown): asserts data is EncodedData {
  if (!isPlainObject(data)) throw invalidDocumentArgument(messages.dataNotObject);
  validateMap(data, '', 0);
  validateSize(data as EncodedData);
}

/** A dotted field path (`address.city`), as in updates, filters and orderings; its segments. */
export function validateFieldPath(path: unknown): string[] {
  if (typeof path !== 'string' || path === '') throw invalidDocumentArgument(messages.emptyFieldName);
  if (BAD_DOTS(path)) {
    throw invalidDocumentArgument(`Invalid field path "${path}": it must not start or end with a dot or contain ".."`);
  }
  if (FORBIDDEN_CHARACTERS.test(path)) {
    throw invalidDocumentArgument(`Invalid field path "${path}": field names must not contain ~ * / [ ]`);
  }
  validateText(path, path);
  const segments = path.split('.');
  if (segments.some((segment) => RESERVED.test(segment))) throw invalidDocumentArgument(messages.reservedDocumentField);
  return segments;
}

/** The data of an update: field paths to new values; no path may lie inside another. */
export function validateUpdateData(data: unknown): asserts data is EncodedData {
  if (!isPlainObject(data)) throw invalidDocumentArgument(messages.dataNotObject);
  for (const [path, value] of Object.entries(data)) {
    validateValue(value, path, false, validateFieldPath(path).length);
  }
  const paths = new Set(Object.keys(data));
  for (const path of paths) {
    const segments = path.split('.');
    for (let n = 1; n < segments.length; n++) {
      const outer = segments.slice(0, n).join('.');
      if (paths.has(outer)) throw invalidDocumentArgument(`Field path "${path}" lies inside "${outer}"`);
    }
  }
  validateSize(data as EncodedData);
}
