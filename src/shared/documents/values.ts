import { decodeBase64, encodeBase64 } from './base64';
import { invalidDocumentArgument } from './errors';

// The tagged JSON encoding: user field names may not begin and end with "__", so a map with
// exactly one such key is unambiguously a tagged value.
export const TIMESTAMP_TAG = '__timestamp__';
export const GEOPOINT_TAG = '__geopoint__';
export const BYTES_TAG = '__bytes__';
/** Numbers JSON cannot carry: `{"__double__": "NaN" | "Infinity" | "-Infinity" | "-0"}`. */
export const DOUBLE_TAG = '__double__';
export const valueTags = [TIMESTAMP_TAG, GEOPOINT_TAG, BYTES_TAG, DOUBLE_TAG] as const;
export const specialDoubles = ['NaN', 'Infinity', '-Infinity', '-0'] as const;

/** A number as it travels: itself, or tagged when JSON would lose it (NaN, ±Infinity, -0). */
export function encodeNumber(value: number): EncodedValue {
  if (Object.is(value, -0)) return { [DOUBLE_TAG]: '-0' };
  return Number.isFinite(value) ? value : { [DOUBLE_TAG]: String(value) };
}

/** The number a stored value stands for, or undefined when it is not a number. */
export function numberOf(value: EncodedValue | undefined): number | undefined {
  if (typeof value === 'number') return value;
  return value !== undefined && tagOf(value) === DOUBLE_TAG ? Number((value as Record<string, string>)[DOUBLE_TAG]) : undefined;
}

export const BASE64_ERROR = 'Failed to construct data from Base64 string';

/** A value as it travels and is stored: JSON, with timestamps, geo points and bytes tagged. */
export type EncodedValue = null | boolean | number | string | EncodedValue[] | { [key: string]: EncodedValue };
export type EncodedData = { [field: string]: EncodedValue };

// Firestore's range: 0001-01-01T00:00:00Z up to (not including) 10000-01-01T00:00:00Z.
const MIN_SECONDS = -62135596800;
const MAX_SECONDS = 253402300800;

/**
 * A point in time as Firestore's client has it: whole seconds since 1970 and nanoseconds
 * (0 to 999,999,999). It travels and is stored to the microsecond, as Firestore stores it.
 */
export class Timestamp {
  constructor(
    readonly seconds: number,
    readonly nanoseconds: number,
  ) {
    if (!Number.isInteger(nanoseconds) || nanoseconds < 0 || nanoseconds >= 1e9) {
      throw invalidDocumentArgument(`Timestamp nanoseconds out of range: ${nanoseconds}`);
    }
    if (!Number.isInteger(seconds) || seconds < MIN_SECONDS || seconds >= MAX_SECONDS) {
      throw invalidDocumentArgument(`Timestamp seconds out of range: ${seconds}`);
    }
  }
  static now = () => Timestamp.fromMillis(Date.now());
  static fromDate = (date: Date) => Timestamp.fromMillis(date.getTime());
  static fromMillis(millis: number): Timestamp {
    const seconds = Math.floor(millis / 1000);
    return new Timestamp(seconds, Math.floor((millis - seconds * 1000) * 1e6));
  }
  /** A stored time (`2024-05-01T12:00:00.123456Z`, or to the millisecond). */
  static fromISOString(text: string): Timestamp {
    const [, whole, fraction = ''] = /^(.*?)(?:\.(\d+))?Z$/.exec(text) ?? [];
    const seconds = Math.floor(Date.parse(`${whole}Z`) / 1000);
    return new Timestamp(seconds, Number(fraction.padEnd(9, '0')));
  }
  toMillis = () => this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
  toDate = () => new Date(this.toMillis());
  /** To the microsecond, as stored: finer nanoseconds are dropped, as Firestore drops them. */
  toISOString = () =>
    `${new Date(this.seconds * 1000).toISOString().slice(0, 19)}.${String(Math.floor(this.nanoseconds / 1000)).padStart(6, '0')}Z`;
  isEqual = (other: Timestamp) => other.seconds === this.seconds && other.nanoseconds === this.nanoseconds;
  toString = () => `Timestamp(seconds=${this.seconds}, nanoseconds=${this.nanoseconds})`;
  valueOf = () => `${String(this.seconds - MIN_SECONDS).padStart(12, '0')}.${String(this.nanoseconds).padStart(9, '0')}`;
}

export class GeoPoint {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
  isEqual = (other: GeoPoint) => other.latitude === this.latitude && other.longitude === this.longitude;
}

export class Bytes {
  private constructor(private readonly bytes: Uint8Array) {}
  static fromUint8Array = (bytes: Uint8Array) => new Bytes(Uint8Array.from(bytes));
  static fromBase64String(text: string): Bytes {
    const bytes = decodeBase64(text);
    if (!bytes) throw invalidDocumentArgument(BASE64_ERROR);
    return new Bytes(bytes);
  }
  toUint8Array = () => Uint8Array.from(this.bytes);
  toBase64 = () => encodeBase64(this.bytes);
  isEqual = (other: Bytes) => other.toBase64() === this.toBase64();
}

/** A value as the client library hands it to and takes it from callers. */
export type DocumentValue =
  null | boolean | number | string | Timestamp | GeoPoint | Bytes | DocumentValue[] | { [key: string]: DocumentValue };
export type DocumentData = { [field: string]: DocumentValue };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

export const fieldLabel = (field: string) => (field === '' ? 'the document' : `field "${field}"`);

export const RESERVED_FIELD = /^__.*__$/;
export const RESERVED_FIELD_MESSAGE = 'Document fields cannot begin and end with "__"';

/** Firestore's limit: a top-level field is level 1, and each map or array adds one. */
export const MAX_NESTING_LEVELS = 20;
export const tooDeepMessage = (field: string) =>
  `Values must not nest more than ${MAX_NESTING_LEVELS} levels of maps and arrays (${fieldLabel(field)})`;

/** A write's instruction for the server in place of a value (Firestore's FieldValue sentinels). */
export class FieldValue {
  constructor(
    readonly kind: 'serverTimestamp' | 'delete' | 'increment' | 'arrayUnion' | 'arrayRemove',
    readonly operand?: unknown,
  ) {}
  /** The function that made it, for messages. */
  get methodName(): string {
    return this.kind === 'delete' ? 'deleteField()' : `${this.kind}()`;
  }
  isEqual = (other: FieldValue) => other.kind === this.kind && JSON.stringify(other.operand) === JSON.stringify(this.operand);
}

/** Where a write's FieldValues go: each with its field path (segments) while encoding. */
export type FieldValueSink = (segments: string[], value: FieldValue, label: string) => void;

interface EncodeContext {
  sink?: FieldValueSink;
  segments: string[];
  inArray: boolean;
}

/**
 * Turns caller values into the tagged encoding; rejects what JSON cannot carry faithfully, map
 * keys the encoding reserves, and nesting deeper than Firestore allows (before going deeper, so
 * a cyclic or very deep value cannot exhaust the stack). `level` is the level of `value` itself.
 */
export function encodeValue(
  value: unknown,
  field = '',
  level = 1,
  context: EncodeContext = { segments: [], inArray: false },
): EncodedValue {
  if (level > MAX_NESTING_LEVELS) throw invalidDocumentArgument(tooDeepMessage(field));
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return encodeNumber(value);
  if (value instanceof Timestamp) return { [TIMESTAMP_TAG]: value.toISOString() };
  if (value instanceof Date) return { [TIMESTAMP_TAG]: Timestamp.fromDate(value).toISOString() };
  if (value instanceof GeoPoint) return { [GEOPOINT_TAG]: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof Bytes) return { [BYTES_TAG]: value.toBase64() };
  if (value instanceof FieldValue) throw misplacedFieldValue(value, field, context);
  if (Array.isArray(value)) {
    const inner = { ...context, inArray: true };
    return value.map((item, i) => encodeValue(item, `${field}[${i}]`, level + 1, inner));
  }
  if (isPlainObject(value)) return encodeMap(value, field, level, context);
  throw invalidDocumentArgument(`Unsupported field value: ${describe(value)} (${fieldLabel(field)})`);
}

function encodeMap(value: Record<string, unknown>, field: string, level: number, context: EncodeContext): EncodedData {
  const out: EncodedData = {};
  for (const [key, item] of Object.entries(value)) {
    // A caller's map may not pose as a tagged value, and "__proto__" would be lost on the way.
    if (RESERVED_FIELD.test(key)) throw invalidDocumentArgument(RESERVED_FIELD_MESSAGE);
    const child = field ? `${field}.${key}` : key;
    const segments = [...context.segments, key];
    if (item instanceof FieldValue && context.sink && !context.inArray) {
      context.sink(segments, item, child);
      continue;
    }
    const encoded = encodeValue(item, child, level + 1, { ...context, segments });
    // A map that held only FieldValues is no value of its own: its transforms make it.
    if (context.sink && isPlainObject(item) && Object.keys(item).length > 0 && Object.keys(encoded as object).length === 0) continue;
    setOwn(out, key, encoded);
  }
  return out;
}

function misplacedFieldValue(value: FieldValue, field: string, context: EncodeContext) {
  const where = context.inArray ? 'inside arrays' : context.sink ? 'here' : 'outside set() and update()';
  return invalidDocumentArgument(`${value.methodName} cannot be used ${where} (${fieldLabel(field)})`);
}

/** Sets a key as an own property, "__proto__" included (plain assignment would set the prototype). */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') return `a custom ${value?.constructor?.name ?? 'object'} object`;
  return typeof value;
}

/** The tag of a tagged value, or null for anything else. */
export function tagOf(value: EncodedValue): (typeof valueTags)[number] | null {
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  return (valueTags as readonly string[]).includes(keys[0]!) ? (keys[0] as (typeof valueTags)[number]) : null;
}

/** Turns a stored (already valid) encoded value into caller values. */
export function decodeValue(value: EncodedValue): DocumentValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  const tag = tagOf(value);
  if (tag === TIMESTAMP_TAG) return Timestamp.fromISOString(value[tag] as string);
  if (tag === DOUBLE_TAG) return numberOf(value)!;
  if (tag === GEOPOINT_TAG) {
    const point = value[tag] as { latitude: number; longitude: number };
    return new GeoPoint(point.latitude, point.longitude);
  }
  if (tag === BYTES_TAG) return Bytes.fromBase64String(value[tag] as string);
  return decodeData(value);
}

export function decodeData(data: EncodedData): DocumentData {
  const out: DocumentData = {};
  for (const [key, item] of Object.entries(data)) setOwn(out, key, decodeValue(item));
  return out;
}
