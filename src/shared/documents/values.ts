import { decodeBase64, encodeBase64 } from './base64';
import { invalidDocumentArgument } from './errors';

// The tagged JSON encoding: user field names may not begin and end with "__", so a map with
// exactly one such key is unambiguously a tagged value.
export const TIMESTAMP_TAG = '__timestamp__';
export const GEOPOINT_TAG = '__geopoint__';
export const BYTES_TAG = '__bytes__';
export const valueTags = [TIMESTAMP_TAG, GEOPOINT_TAG, BYTES_TAG] as const;

export const BASE64_ERROR = 'Failed to construct data from Base64 string';

/** A value as it travels and is stored: JSON, with timestamps, geo points and bytes tagged. */
export type EncodedValue = null | boolean | number | string | EncodedValue[] | { [key: string]: EncodedValue };
export type EncodedData = { [field: string]: EncodedValue };

/** A point in time with millisecond precision, stored as an ISO 8601 UTC string. */
export class Timestamp {
  constructor(readonly millis: number) {
    if (!Number.isFinite(millis)) throw invalidDocumentArgument('A timestamp needs a finite number of milliseconds');
  }
  static now = () => new Timestamp(Date.now());
  static fromDate = (date: Date) => new Timestamp(date.getTime());
  static fromMillis = (millis: number) => new Timestamp(millis);
  toMillis = () => this.millis;
  toDate = () => new Date(this.millis);
  toISOString = () => new Date(this.millis).toISOString();
  isEqual = (other: Timestamp) => other.millis === this.millis;
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
  | null
  | boolean
  | number
  | string
  | Timestamp
  | GeoPoint
  | Bytes
  | DocumentValue[]
  | { [key: string]: DocumentValue };
export type DocumentData = { [field: string]: DocumentValue };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

export const fieldLabel = (field: string) => (field === '' ? 'the document' : `field "${field}"`);

/** Turns caller values into the tagged encoding; rejects what JSON cannot carry faithfully. */
export function encodeValue(value: unknown, field = ''): EncodedValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidDocumentArgument(`Numbers must be finite (${fieldLabel(field)})`);
    return value;
  }
  if (value instanceof Timestamp) return { [TIMESTAMP_TAG]: value.toISOString() };
  if (value instanceof Date) return { [TIMESTAMP_TAG]: Timestamp.fromDate(value).toISOString() };
  if (value instanceof GeoPoint) return { [GEOPOINT_TAG]: { latitude: value.latitude, longitude: value.longitude } };
  if (value instanceof Bytes) return { [BYTES_TAG]: value.toBase64() };
  if (Array.isArray(value)) return value.map((item, i) => encodeValue(item, `${field}[${i}]`));
  if (isPlainObject(value)) {
    const out: EncodedData = {};
    for (const [key, item] of Object.entries(value)) out[key] = encodeValue(item, field ? `${field}.${key}` : key);
    return out;
  }
  throw invalidDocumentArgument(`Unsupported field value: ${describe(value)} (${fieldLabel(field)})`);
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
  if (tag === TIMESTAMP_TAG) return Timestamp.fromMillis(Date.parse(value[tag] as string));
  if (tag === GEOPOINT_TAG) {
    const point = value[tag] as { latitude: number; longitude: number };
    return new GeoPoint(point.latitude, point.longitude);
  }
  if (tag === BYTES_TAG) return Bytes.fromBase64String(value[tag] as string);
  return decodeData(value);
}

export function decodeData(data: EncodedData): DocumentData {
  const out: DocumentData = {};
  for (const [key, item] of Object.entries(data)) out[key] = decodeValue(item);
  return out;
}
