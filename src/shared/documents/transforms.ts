// Firestore's write sentinels (serverTimestamp, deleteField, increment, arrayUnion, arrayRemove)
// and their wire form: a write's `transforms`, applied by the server inside its transaction to
// the document as it is then, after the write's data (so two increments at once both count).
import { invalidDocumentArgument } from './errors';
import { validateFieldPath, validateValue } from './validate';
import { encodeValue, type EncodedValue, FieldValue, isPlainObject, numberOf } from './values';

export type TransformOp = 'serverTimestamp' | 'delete' | 'increment' | 'arrayUnion' | 'arrayRemove';

/** One field's transform, by dotted field path (as update keys are). */
export type FieldTransform =
  | { field: string; op: 'serverTimestamp' | 'delete' }
  | { field: string; op: 'increment'; value: EncodedValue }
  | { field: string; op: 'arrayUnion' | 'arrayRemove'; values: EncodedValue[] };

export const MAX_TRANSFORMS = 500;

/** The time the server commits the write, to the microsecond. */
export const serverTimestamp = () => new FieldValue('serverTimestamp');
/** Removes the field (update, or set with merge or mergeFields). */
export const deleteField = () => new FieldValue('delete');
/** Adds to the stored number (a missing or non-number field counts as 0). */
export const increment = (n: number) => new FieldValue('increment', n);
/** Appends each element not already in the stored array (a non-array becomes an array). */
export const arrayUnion = (...elements: unknown[]) => new FieldValue('arrayUnion', elements);
/** Removes every element equal to one given (a non-array becomes an empty array). */
export const arrayRemove = (...elements: unknown[]) => new FieldValue('arrayRemove', elements);

const levelOf = (field: string) => field.split('.').length;

/** A sentinel found at `field` (dotted segments) as the transform that travels. */
export function transformOf(segments: string[], value: FieldValue, label: string): FieldTransform {
  if (segments.some((segment) => segment.includes('.'))) {
    throw invalidDocumentArgument(`${value.methodName} cannot be used in a field whose name holds a dot (field "${label}")`);
  }
  const field = segments.join('.');
  if (value.kind === 'increment') {
    if (typeof value.operand !== 'number') throw invalidDocumentArgument(`increment() needs a number (field "${label}")`);
    return { field, op: 'increment', value: encodeValue(value.operand, label) };
  }
  if (value.kind === 'arrayUnion' || value.kind === 'arrayRemove') {
    const values = (value.operand as unknown[]).map((item, i) =>
      encodeValue(item, `${label}[${i}]`, levelOf(field) + 1, { segments, inArray: true }),
    );
    return { field, op: value.kind, values };
  }
  return { field, op: value.kind };
}

export const DELETE_IN_SET_MESSAGE = 'deleteField() can only be used with update() and set() with merge or mergeFields';

function validateTransform(transform: unknown): FieldTransform {
  if (!isPlainObject(transform)) throw invalidDocumentArgument('Each transform must be an object { field, op, ... }');
  const { field, op } = transform;
  const level = validateFieldPath(field).length;
  const name = field as string;
  if (op === 'serverTimestamp' || op === 'delete') return { field: name, op };
  if (op === 'increment') {
    validateValue(transform.value, name, false, level);
    if (numberOf(transform.value) === undefined) throw invalidDocumentArgument(`increment needs a number (field "${name}")`);
    return { field: name, op, value: transform.value };
  }
  if (op === 'arrayUnion' || op === 'arrayRemove') {
    const { values } = transform;
    if (!Array.isArray(values)) throw invalidDocumentArgument(`${op} needs an array of values (field "${name}")`);
    validateValue(values, name, false, level);
    return { field: name, op, values };
  }
  throw invalidDocumentArgument(`Unknown transform "${String(op)}": use serverTimestamp, delete, increment, arrayUnion or arrayRemove`);
}

/** The transforms of a write as sent (absent: none); no field may be named twice. */
export function validateTransforms(transforms: unknown): FieldTransform[] {
  if (transforms === undefined) return [];
  if (!Array.isArray(transforms) || transforms.length > MAX_TRANSFORMS) {
    throw invalidDocumentArgument(`transforms must be an array of at most ${MAX_TRANSFORMS} entries`);
  }
  const valid = transforms.map(validateTransform);
  const fields = valid.map((transform) => transform.field);
  const repeated = fields.find((field, i) => fields.indexOf(field) !== i);
  if (repeated) throw invalidDocumentArgument(`Field "${repeated}" has more than one transform`);
  return valid;
}

/** Whether `field` is `mask` or lies inside it (`a.b` is covered by `a`). */
export const isCoveredBy = (field: string, mask: string) => field === mask || field.startsWith(`${mask}.`);
