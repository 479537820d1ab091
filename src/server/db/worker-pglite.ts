import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';

/** What the server uses of a PGlite instance; WorkerPGlite answers it from another thread. */
export interface EmbeddedInstance {
  readonly closed: boolean;
  query<T>(query: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<T>>;
  exec(query: string, options?: EmbeddedQueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File>;
  close(): Promise<void>;
}

export interface EmbeddedQueryOptions {
  rowMode?: 'array' | 'object';
  /** Parsers by type id; they run on this thread, on the text PostgreSQL sent. */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

export interface WorkerPGliteOptions {
  dataDir?: string | undefined;
  /** A `dumpDataDir` tar; bytes on a SharedArrayBuffer reach the thread without a copy. */
  loadDataDir?: Blob | Uint8Array | undefined;
  /** Statements run once the database has opened (session settings). */
  setup?: string;
}

interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  props: Record<string, unknown>;
}

/** What a new thread starts from, and the buffers moved to it rather than copied. */
interface ThreadStart {
  loadDataDir: Uint8Array | undefined;
  wasmModule: WebAssembly.Module | undefined;
  transfer: ArrayBuffer[];
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError; closed: boolean };
type Startup = { ready: true } | { ready: false; error: SerializedError };
type Notification = { notify: number; payload: string };

const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

let compiledPglite: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and shared by every embedded database's
 * thread: each thread would otherwise compile and optimise it again (about 0.4 s of CPU per
 * database opened, which counts where many are opened: tests, reopening). Undefined when it
 * cannot be compiled here: the thread then compiles it itself, as PGlite does by default.
 */
function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  compiledPglite ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })().catch(() => undefined);
  return compiledPglite;
}

/** The files to start from, for the thread: bytes read from a Blob are this call's own, so they are moved, not copied. */
async function bytesForThread(given: Blob | Uint8Array | undefined): Promise<Pick<ThreadStart, 'loadDataDir' | 'transfer'>> {
  if (!(given instanceof Blob)) return { loadDataDir: given, transfer: [] };
  const read = await given.arrayBuffer();
  return { loadDataDir: new Uint8Array(read), transfer: [read] };
}

function revive(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return Object.assign(error, serialized.props);
}

const closedError = () => new Error('PGlite is closed');

/**
 * A PGlite instance running in a worker thread. Statements and results cross as structured
 * clones (Date, Uint8Array and bigint survive); caller parsers are applied here, on the raw
 * text, so results are what the same call on PGlite itself gives. A transaction keeps the
 * instance to itself in the worker until its callback here settles.
 */
export class WorkerPGlite implements EmbeddedInstance {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private stopped = false;

  private constructor(options: WorkerPGliteOptions, start: ThreadStart) {
    this.worker = new Worker(workerFile, {
      workerData: { dataDir: options.dataDir, setup: options.setup, loadDataDir: start.loadDataDir, wasmModule: start.wasmModule },
      transferList: start.transfer,
    });
  }

  /** Opens the database in a new worker thread; rejects when it cannot open. */
  static async create(options: WorkerPGliteOptions): Promise<WorkerPGlite> {
    const bytes = await bytesForThread(options.loadDataDir);
    return new WorkerPGlite(options, { ...bytes, wasmModule: await pgliteWasmModule() }).start();
  }

  get closed(): boolean {
    return this.stopped;
  }

  async query<T>(query: string, params: unknown[] = [], options?: EmbeddedQueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, query, params, options);
  }

  async exec(query: string, options?: EmbeddedQueryOptions): Promise<Results[]> {
    return this.runExec(undefined, query, options);
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = (await this.request({ op: 'begin' })) as number;
    let ended = false;
    const tx = {
      query: <R>(query: string, params?: unknown[], options?: EmbeddedQueryOptions) => this.runQuery<R>(txId, query, params ?? [], options),
      exec: (query: string, options?: EmbeddedQueryOptions) => this.runExec(txId, query, options),
      rollback: async () => {
        ended = true;
        await this.request({ op: 'rollback', txId });
      },
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.request({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.request({ op: 'end', txId, commit: !ended });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = (await this.request({ op: 'listen', channel })) as number;
    this.listeners.set(listenId, callback);
    return async () => {
      this.listeners.delete(listenId);
      await this.request({ op: 'unlisten', listenId });
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<File> {
    const dump = (await this.request({ op: 'dump', compression })) as { bytes: ArrayBuffer; name: string; type: string };
    return new File([dump.bytes], dump.name, { type: dump.type });
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.request({ op: 'close' }).catch(() => undefined);
    this.stop(closedError());
    await this.worker.terminate();
  }

  private start(): Promise<WorkerPGlite> {
    return new Promise((resolve, reject) => {
      this.worker.on('message', (message: Reply | Startup | Notification) => {
        if ('ready' in message) {
          this.worker.unref();
          if (message.ready) resolve(this);
          else {
            reject(revive(message.error));
            void this.worker.terminate();
          }
        } else if ('notify' in message) this.listeners.get(message.notify)?.(message.payload);
        else this.settle(message);
      });
      this.worker.on('error', (error) => this.stop(error));
      this.worker.on('exit', () => {
        this.stop(closedError());
        reject(new Error('PGlite is closed: the embedded database did not open'));
      });
    });
  }

  private async runQuery<T>(txId: number | undefined, query: string, params: unknown[], options?: EmbeddedQueryOptions) {
    const result = (await this.request({ op: 'query', txId, sql: query, params, options: forWorker(options) })) as Results<T>;
    return applyParsers(result, options);
  }

  private async runExec(txId: number | undefined, query: string, options?: EmbeddedQueryOptions) {
    const results = (await this.request({ op: 'exec', txId, sql: query, options: forWorker(options) })) as Results[];
    return results.map((result) => applyParsers(result, options));
  }

  private request(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(closedError());
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    // Idle, the worker must not keep the process alive (scripts end when their work is done).
    if (this.pending.size === 0) this.worker.unref();
    if (!waiting) return;
    if (reply.ok) return waiting.resolve(reply.value);
    if (reply.closed) this.stopped = true;
    waiting.reject(revive(reply.error));
  }

  private stop(error: Error): void {
    this.stopped = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.listeners.clear();
  }
}

function forWorker(options: EmbeddedQueryOptions | undefined) {
  return {
    rowMode: options?.rowMode,
    rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
  };
}

/** Runs the caller's parsers on the columns of their types, as PGlite would have. */
function applyParsers<T>(result: Results<T>, options: EmbeddedQueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: options.rowMode === 'array' ? index : field.name, parse, typeId: field.dataTypeID }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse, typeId } of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, typeId);
    }
  }
  return result;
}
