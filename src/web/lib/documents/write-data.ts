import {
  type Bytes,
  type ChangingWrite,
  type EncodedData,
  encodeValue,
  type FieldTransform,
  FieldValue,
  type GeoPoint,
  isPlainObject,
  invalidDocumentArgument,
  setOwn,
  type Timestamp,
  transformOf,
} from '../../../shared/documents';
import type { DocumentReference } from './references';

/** Data for a write: the document's fields, any of them (at any depth) a FieldValue instead. */
export type WithFieldValue<T> = T extends Timestamp | GeoPoint | Bytes | Date | null | boolean | number | string
  ? T | FieldValue
  : T extends (infer U)[]
    ? WithFieldValue<U>[] | FieldValue
    : T extends object
      ? { [K in keyof T]: WithFieldValue<T[K]> } | FieldValue
      : T | FieldValue;
export type WriteData<T> = WithFieldValue<T> | Partial<WithFieldValue<T>>;

export interface SetOptions {
  /** Keep the fields not named in the data (maps merge field by field). */
  merge?: boolean;
  /** Change only these field paths, each to its value in the data. */
  mergeFields?: string[];
}

/** A document's data and the FieldValues found in it (as transforms for the server). */
function encodeData(data: unknown): { data: EncodedData; transforms: FieldTransform[] } {
  if (!isPlainObject(data)) throw invalidDocumentArgument('Data must be an object');
  const transforms: FieldTransform[] = [];
  const sink = (segments: string[], value: FieldValue, label: string) => transforms.push(transformOf(segments, value, label));
  const encoded = encodeValue(data, '', 0, { segments: [], inArray: false, sink }) as EncodedData;
  return { data: encoded, transforms };
}

function encodeFields(fields: Record<string, unknown>): { data: EncodedData; transforms: FieldTransform[] } {
  const data: EncodedData = {};
  const transforms: FieldTransform[] = [];
  const sink = (segments: string[], value: FieldValue, label: string) => transforms.push(transformOf(segments, value, label));
  for (const [path, value] of Object.entries(fields)) {
    if (value instanceof FieldValue) {
      transforms.push(transformOf(path.split('.'), value, path));
      continue;
    }
    const segments = path.split('.');
    setOwn(data, path, encodeValue(value, path, segments.length, { segments, inArray: false, sink }));
  }
  return { data, transforms };
}

const withTransforms = (transforms: FieldTransform[]) => (transforms.length > 0 ? { transforms } : {});

/** The write each method of a batch or transaction stands for. */
export const writeOf = {
  set: <T>(ref: DocumentReference<T>, data: WriteData<T>, options: SetOptions = {}): ChangingWrite => {
    const { data: encoded, transforms } = encodeData(data);
    const mergeFields = options.mergeFields ? { mergeFields: options.mergeFields } : {};
    return { op: 'set', path: ref.path, data: encoded, merge: options.merge === true, ...mergeFields, ...withTransforms(transforms) };
  },
  update: <T>(ref: DocumentReference<T>, fields: Record<string, unknown>): ChangingWrite => {
    const { data, transforms } = isPlainObject(fields) ? encodeFields(fields) : { data: fields as EncodedData, transforms: [] };
    return { op: 'update', path: ref.path, data, ...withTransforms(transforms) };
  },
  delete: <T>(ref: DocumentReference<T>): ChangingWrite => ({ op: 'delete', path: ref.path }),
};
