// The embedded database's own thread: it owns the PGlite instance, so a long statement blocks
// this thread and never the server's event loop. worker-pglite.ts is the other end.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
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
const asText = (rawTypes) => Object.fromEntries(rawTypes.map((type) => [type, identity]));

/** PGlite's parsers with the caller's own types left as text, made once for each set of those types. */
const parsersByRawTypes = new Map();

/**
 * Given parsers of its own, PGlite copies all of its 300-odd for every result it reads, which
 * doubled a short statement's CPU: prepared statements get PGlite's own, or one merged set kept
 * per set of raw types.
 */
function parsersFor(rawTypes = []) {
  if (rawTypes.length === 0) return instance.parsers;
  const key = rawTypes.join(',');
  let parsers = parsersByRawTypes.get(key);
  if (!parsers) {
    parsers = { ...instance.parsers, ...asText(rawTypes) };
    parsersByRawTypes.set(key, parsers);
  }
  return parsers;
}

/** Options for PGlite's own query and exec (statements without parameters, seldom run). */
function queryOptions(options = {}) {
  const rowMode = options.rowMode ? { rowMode: options.rowMode } : {};
  return options.rawTypes?.length ? { ...rowMode, parsers: asText(options.rawTypes) } : rowMode;
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

// PGlite sends every statement unnamed, so PostgreSQL parses and plans it again each time; for
// the lookups a page view makes, that costs several times the running (a game page's viewer
// statement: 2.7 ms planning, 0.6 ms running). A statement with parameters is prepared once
// under a name of its own, as drizzle names them on PostgreSQL, and PostgreSQL's plan cache
// then serves it. Statements without parameters are one-offs (migrations, settings) and are
// sent as PGlite sends them.
// Home, /games and game pages for members and visitors prepare 74; the bound keeps statements
// whose text varies (a list of ids) from filling the database's memory.
const PREPARED_LIMIT = 200;
/** Prepared statements by their text, oldest first: their names and their parameters' types. */
const prepared = new Map();
let nextStatement = 1;
/** Errors of a prepared statement that a schema change altered, or that something deallocated. */
const STALE_PLAN = '0A000';
const GONE = '26000';
/**
 * Statements that drop prepared statements or may change what a table returns. Seeing one, the
 * worker prepares afresh: inside a transaction a stale statement's error could not be retried.
 * The old ones are left to the session (closing them could fail in an aborted transaction).
 */
const RESETS_PREPARED = /\b(alter|drop|deallocate|discard)\b/i;

function noteSchemaChanges(sql) {
  if (RESETS_PREPARED.test(sql)) prepared.clear();
}

async function runProtocol(message) {
  return instance.execProtocolStream(message, { syncToFs: false });
}

async function prepare(sql) {
  const known = prepared.get(sql);
  if (known) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  const name = `gs_${nextStatement++}`;
  await runProtocol(protocol.serialize.parse({ name, text: sql }));
  const types = parse.parseDescribeStatementResults(await runProtocol(protocol.serialize.describe({ type: 'S', name })));
  const statement = { name, types };
  prepared.set(sql, statement);
  if (prepared.size > PREPARED_LIMIT) await forget(prepared.keys().next().value);
  return statement;
}

async function forget(sql) {
  const statement = prepared.get(sql);
  prepared.delete(sql);
  if (statement) await runProtocol(protocol.serialize.close({ type: 'S', name: statement.name }));
}

/** What PGlite's own query does, on a statement prepared once: bind, describe, execute, sync. */
async function runPrepared(sql, params, options = {}) {
  const messages = [];
  try {
    const { name, types } = await prepare(sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = instance.serializers[types[index]];
      return serializer ? serializer(value) : value.toString();
    });
    messages.push(...(await runProtocol(protocol.serialize.bind({ statement: name, values }))));
    messages.push(...(await runProtocol(protocol.serialize.describe({ type: 'P' }))));
    messages.push(...(await runProtocol(protocol.serialize.execute({}))));
  } catch (error) {
    throw Object.assign(error, { query: sql, params });
  } finally {
    messages.push(...(await runProtocol(protocol.serialize.sync())));
  }
  return parse.parseResults(messages, parsersFor(options.rawTypes), { rowMode: options.rowMode })[0];
}

/**
 * A statement with parameters, prepared: in an open transaction (which holds PGlite's
 * transaction lock already) or alone, taking both locks as PGlite's own query does.
 */
async function query({ txId, sql, params = [], options }) {
  if (params.length === 0) {
    noteSchemaChanges(sql);
    return target(txId).query(sql, params, queryOptions(options));
  }
  if (txId !== undefined) {
    if (target(txId).closed) throw new Error('The transaction has already ended');
    return instance._runExclusiveQuery(() => runPrepared(sql, params, options));
  }
  await instance._checkReady();
  const result = await instance._runExclusiveTransaction(() =>
    instance._runExclusiveQuery(() => runPreparedAgainIfGone(sql, params, options)),
  );
  await instance.syncToFs();
  return result;
}

/** Outside a transaction, a statement that went stale or away is prepared again and run once more. */
async function runPreparedAgainIfGone(sql, params, options) {
  try {
    return await runPrepared(sql, params, options);
  } catch (error) {
    if (error?.code !== STALE_PLAN && error?.code !== GONE) throw error;
    await forget(sql);
    return runPrepared(sql, params, options);
  }
}

const operations = {
  query,
  exec: (message) => {
    noteSchemaChanges(message.sql);
    return target(message.txId).exec(message.sql, queryOptions(message.options));
  },
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
