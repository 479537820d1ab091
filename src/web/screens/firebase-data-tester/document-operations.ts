import { decodeData, type EncodedData, isDocumentPath } from '../../../shared/documents';
import { addDoc, collection, deleteDoc, doc, getDoc, setDoc, updateDoc } from '../../lib/documents';
import { type Outcome, parseJson, wireForm } from './outcome';
import { rawRequest } from './raw-request';

export const operations = ['get', 'set', 'merge', 'update', 'delete', 'add'] as const;
export type Operation = (typeof operations)[number];
export const needsData: readonly Operation[] = ['set', 'merge', 'update', 'add'];

const parentOf = (path: string) => (isDocumentPath(path) ? path.split('/').slice(0, -1).join('/') : path);

/** Through the typed client: checked in the browser first, as every screen's writes are. */
export async function runChecked(operation: Operation, path: string, json: string): Promise<Outcome> {
  // The JSON is the store's wire form; the client wants values (Timestamp, GeoPoint, Bytes).
  const data = () => {
    const parsed = parseJson(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? decodeData(parsed as EncodedData) : parsed;
  };
  switch (operation) {
    case 'get': {
      const snapshot = await getDoc(doc(path));
      const title = snapshot.exists() ? `${path} exists` : `${path} does not exist`;
      return { kind: 'ok', title, json: snapshot.exists() ? wireForm(snapshot.data()) : undefined };
    }
    case 'set':
    case 'merge':
      await setDoc(doc(path), data() as Record<string, unknown>, { merge: operation === 'merge' });
      return { kind: 'ok', title: `${operation === 'merge' ? 'Merged into' : 'Set'} ${path}` };
    case 'update':
      await updateDoc(doc(path), data() as Record<string, unknown>);
      return { kind: 'ok', title: `Updated ${path}` };
    case 'delete':
      await deleteDoc(doc(path));
      return { kind: 'ok', title: `Deleted ${path}` };
    case 'add': {
      const ref = await addDoc(collection(parentOf(path)), data() as Record<string, unknown>);
      return { kind: 'ok', title: `Added ${ref.path}`, json: { path: ref.path } };
    }
  }
}

/** Straight to the server, as typed: shows the store's own refusal. */
export async function runRaw(operation: Operation, path: string, json: string): Promise<Outcome> {
  const data = needsData.includes(operation) ? parseJson(json) : undefined;
  const request: Record<Operation, () => Promise<unknown>> = {
    get: () => rawRequest('GET', path),
    set: () => rawRequest('PUT', path, { data, merge: false }),
    merge: () => rawRequest('PUT', path, { data, merge: true }),
    update: () => rawRequest('PATCH', path, { data }),
    delete: () => rawRequest('DELETE', path),
    add: () => rawRequest('POST', parentOf(path), { data }),
  };
  return { kind: 'ok', title: `The server accepted ${operation} on ${path}`, json: await request[operation]() };
}
