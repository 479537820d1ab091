import { newDocumentId } from '../../../shared/documents';
import { apiGet, isApiError } from '../../lib/api';
import { doc, getDoc, deleteDoc, setDoc } from '../../lib/documents';
import { schema } from '../../lib/lazy-schema';
import { listenForChange, millis } from './document-probes';
import { assert, type Step } from './run-steps';

const LIVE_TIMEOUT_MS = 5000;

const serverReachable: Step = {
  name: 'Server reachable',
  run: async () => {
    const health = await apiGet('/api/health', schema('healthSchema'));
    return `/api/health answered "${health.status}" (version ${health.version})`;
  },
};

const databaseMigrated: Step = {
  name: 'Database reachable and migrated',
  run: async () => {
    const status = await apiGet('/api/system/database', schema('databaseStatusSchema'));
    const name = status.kind === 'pglite' ? 'The embedded database' : 'PostgreSQL';
    assert(status.pending.length === 0, `${status.pending.length} migrations are pending: run npm run db:migrate.`);
    return `${name} answered in ${status.latencyMs.toFixed(1)} ms; ${status.applied.length} migrations applied, none pending`;
  },
};

const sessionValid: Step = {
  name: 'Session valid',
  needsAccount: true,
  run: async ({ uid }) => {
    const me = await apiGet('/api/me', schema('meSchema'));
    assert(me.user?.id === uid, 'The server does not recognise this session: sign in again.');
    return `The server knows you as ${me.user.name}`;
  },
};

const rulesDenyOthers: Step = {
  name: 'Rules deny a path you do not own',
  run: async ({ uid }) => {
    const path = `users/not-${uid || 'a-visitor'}/private/probe`;
    try {
      await getDoc(doc(path));
    } catch (error) {
      if (isApiError(error, 'permission-denied')) return `Reading ${path} answered permission-denied`;
      throw error;
    }
    throw new Error(`The store let you read ${path}: its rules are not protecting other people's documents.`);
  },
};

const liveDelivers: Step = {
  name: 'Live channel delivers a change',
  needsAccount: true,
  run: async ({ uid }) => {
    const ref = doc(`diagnostics/${uid}/verifier`, newDocumentId());
    await setDoc(ref, { checked: 0 });
    try {
      const ms = await listenForChange(
        ref,
        () => setDoc(ref, { checked: 1 }),
        (data) => data?.checked === 1,
        LIVE_TIMEOUT_MS,
      );
      return `A snapshot arrived ${millis(ms)} after the write`;
    } finally {
      await deleteDoc(ref);
    }
  },
};

export const verifierChecks: readonly Step[] = [serverReachable, databaseMigrated, sessionValid, rulesDenyOthers, liveDelivers];
export const minimalVerifierChecks: readonly Step[] = [serverReachable, databaseMigrated, sessionValid];
