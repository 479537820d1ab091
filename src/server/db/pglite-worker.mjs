// The embedded database's own thread: it owns the PGlite instance, so a long statement blocks
// this thread and never the server's event loop. worker-pglite.ts is the other end.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, loadDataDir, setup, wasmModule } = workerData;

const instance = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  extensions: { pg_trgm },
  ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}),
}).catch((error) => {
  parentPort.postMessage({ ready: false, error: describeError(error) });
  return undefined;
});

/** Open transactions by id: the callback PGlite runs each in, and how to end it. */
const transactions = new Map();
const listeners = new Map();
let nextId = 1;

const identity = (value) => value;

/** Types the caller parses itself come back as the text PostgreSQL sent. */
function queryOptions(options = {}) {
  const parsers = Object.fromEntries((options.rawTypes ?? []).map((type) => [type, identity]));
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), parsers };
}

function describeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', props: {} };
  const props = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions') continue; // holds parser functions, which cannot be sent
    props[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, props };
}

function beginTransaction() {
  return new Promise((started, failed) => {
    const id = nextId++;
    const finished = instance.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, finished });
          started(id);
        }),
    );
    finished.catch(failed).finally(() => transactions.delete(id));
  });
}

async function endTransaction({ txId, commit }) {
  const open = transactions.get(txId);
  if (!open) throw new Error('The transaction has already ended');
  if (commit) open.commit();
  else open.rollback(new Error('Rolled back'));
  await open.finished.catch((error) => {
    if (commit) throw error;
  });
}

async function listen({ channel }) {
  const id = nextId++;
  const stop = await instance.listen(channel, (payload) => parentPort.postMessage({ notify: id, payload }));
  listeners.set(id, stop);
  return id;
}

async function unlisten({ listenId }) {
  const stop = listeners.get(listenId);
  listeners.delete(listenId);
  await stop?.();
}

async function dump({ compression }) {
  const file = await instance.dumpDataDir(compression);
  return { bytes: await file.arrayBuffer(), name: file.name, type: file.type };
}

/** The instance or open transaction a statement runs on. */
function target(txId) {
  if (txId === undefined) return instance;
  const open = transactions.get(txId);
  if (!open) throw new Error('The transaction has already ended');
  return open.tx;
}

const operations = {
  query: (message) => target(message.txId).query(message.sql, message.params, queryOptions(message.options)),
  exec: (message) => target(message.txId).exec(message.sql, queryOptions(message.options)),
  rollback: (message) => target(message.txId).rollback(),
  begin: beginTransaction,
  end: endTransaction,
  listen,
  unlisten,
  dump,
  close: () => instance.close(),
};

async function handle(message) {
  try {
    const value = await operations[message.op](message);
    const transfer = message.op === 'dump' ? [value.bytes] : [];
    parentPort.postMessage({ id: message.id, ok: true, value }, transfer);
  } catch (error) {
    reply({ id: message.id, ok: false, error: describeError(error), closed: instance.closed });
  }
}

/** A failure must reach the caller even when a detail of it cannot be sent. */
function reply(failure) {
  try {
    parentPort.postMessage(failure);
  } catch {
    parentPort.postMessage({ ...failure, error: { ...failure.error, props: { code: failure.error.props.code } } });
  }
}

if (instance) {
  parentPort.on('message', (message) => void handle(message));
  try {
    if (setup) await instance.exec(setup);
    parentPort.postMessage({ ready: true });
  } catch (error) {
    parentPort.postMessage({ ready: false, error: describeError(error) });
  }
}
