import { newDocumentId } from '../../../shared/documents';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  type DocumentReference,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
} from '../../lib/documents';
import { listenForChange, millis } from './document-probes';
import { assert, type Step, type StepContext } from './run-steps';

const LIVE_TIMEOUT_MS = 5000;
const roundTrips = (uid: string) => `diagnostics/${uid}/round-trips`;
const refOf = (context: StepContext) => context.shared.ref as DocumentReference;

async function readBack(ref: DocumentReference) {
  const snapshot = await getDoc(ref);
  assert(snapshot.exists(), `${ref.path} was not found.`);
  return snapshot.data()!;
}

/** /firebase-test: add, get, update, query, listen, delete in the visitor's own space. */
export const roundTripSteps: readonly Step[] = [
  {
    name: 'Add a document',
    needsAccount: true,
    run: async (context) => {
      const runId = newDocumentId();
      const ref = await addDoc(collection(roundTrips(context.uid)), { runId, step: 'added', count: 1, at: Timestamp.now() });
      Object.assign(context.shared, { ref, runId });
      return `Added ${ref.path}`;
    },
  },
  {
    name: 'Get it back',
    needsAccount: true,
    run: async (context) => {
      const data = await readBack(refOf(context));
      assert(data.runId === context.shared.runId && data.count === 1, 'The document read back differs from the one written.');
      return `Read step "${String(data.step)}", count ${String(data.count)}`;
    },
  },
  {
    name: 'Update a field',
    needsAccount: true,
    run: async (context) => {
      await updateDoc(refOf(context), { step: 'updated', count: 2 });
      const data = await readBack(refOf(context));
      assert(data.count === 2, `Expected count 2 after the update, read ${String(data.count)}.`);
      return 'count is now 2';
    },
  },
  {
    name: 'Query the collection',
    needsAccount: true,
    run: async (context) => {
      const found = await getDocs(query(collection(roundTrips(context.uid)), where('runId', '==', context.shared.runId), limit(10)));
      assert(found.size === 1, `Expected 1 document for this run, found ${found.size}.`);
      return `where runId == … found ${found.size} document`;
    },
  },
  {
    name: 'Listen for a change',
    needsAccount: true,
    run: async (context) => {
      const ms = await listenForChange(
        refOf(context),
        () => updateDoc(refOf(context), { step: 'listened', count: 3 }),
        (data) => data?.count === 3,
        LIVE_TIMEOUT_MS,
      );
      return `The live snapshot showed the change after ${millis(ms)}`;
    },
  },
  {
    name: 'Delete it',
    needsAccount: true,
    run: async (context) => {
      await deleteDoc(refOf(context));
      assert(!(await getDoc(refOf(context))).exists(), 'The document is still there after the delete.');
      return 'Deleted; a read now finds nothing';
    },
  },
];

/** /minimal-firebase-test: one write, one read, one delete. */
export const minimalSteps: readonly Step[] = [
  {
    name: 'Write',
    needsAccount: true,
    run: async (context) => {
      const ref = doc(`diagnostics/${context.uid}/minimal`, newDocumentId());
      await setDoc(ref, { message: 'Hello from the minimal test', at: Timestamp.now() });
      context.shared.ref = ref;
      return `Wrote ${ref.path}`;
    },
  },
  {
    name: 'Read',
    needsAccount: true,
    run: async (context) => {
      const data = await readBack(refOf(context));
      return `Read "${String(data.message)}"`;
    },
  },
  {
    name: 'Delete',
    needsAccount: true,
    run: async (context) => {
      await deleteDoc(refOf(context));
      assert(!(await getDoc(refOf(context))).exists(), 'The document is still there after the delete.');
      return 'Deleted';
    },
  },
];
