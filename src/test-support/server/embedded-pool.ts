import { readFile } from 'node:fs/promises';
import type { Results, Transaction } from '@electric-sql/pglite';
import { WorkerPGlite, type EmbeddedInstance, type EmbeddedQueryOptions, type WorkerPGliteOptions } from '../../server/db/worker-pglite';

/**
 * Embedded test databases in memory, lent from a pool instead of opened anew: opening one costs
 * about 0.8 s of CPU (a thread, PostgreSQL's start, the template's files), resetting a returned one
 * to the template's rows tens of milliseconds. Each test file still gets a database with exactly
 * the template's contents, and a closed one answers nothing more, as a closed database would.
 */

const templateBytes = new Map<string, Promise<Uint8Array>>();

/** A template's files, read once per test worker into shared memory, which every database's thread reads without a copy. */
export function readTemplate(dump: string): Promise<Uint8Array> {
  let bytes = templateBytes.get(dump);
  if (!bytes) {
    bytes = readFile(dump).then((file) => {
      const shared = new Uint8Array(new SharedArrayBuffer(file.byteLength));
      shared.set(file);
      return shared;
    });
    templateBytes.set(dump, bytes);
  }
  return bytes;
}

interface TableRows {
  table: string;
  columns: string[];
  rows: string | null;
}

interface SequenceValue {
  sequence: string;
  /** Null for a sequence never used. */
  value: string | null;
  start: string;
}

/** What a database made from the template holds: every table's rows (as JSON) and every sequence's position. */
interface TemplateContents {
  tables: TableRows[];
  sequences: SequenceValue[];
}

const TABLE_ROWS = `
  select format('%I.%I', n.nspname, c.relname) as "table",
         array_agg(format('%I', a.attname) order by a.attnum) filter (where a.attgenerated = '') as "columns",
         null::text as "rows"
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
  group by n.nspname, c.relname
  order by 1`;

const SEQUENCE_VALUES = `
  select format('%I.%I', schemaname, sequencename) as "sequence", last_value::text as "value", start_value::text as "start"
  from pg_sequences where schemaname = 'public'`;

async function readContents(instance: EmbeddedInstance): Promise<TemplateContents> {
  const tables = (await instance.query<TableRows>(TABLE_ROWS)).rows;
  for (const table of tables) {
    const { rows } = await instance.query<{ rows: string | null }>(`select json_agg(t)::text as "rows" from ${table.table} t`);
    table.rows = rows[0]?.rows ?? null;
  }
  const sequences = (await instance.query<SequenceValue>(SEQUENCE_VALUES)).rows;
  return { tables, sequences };
}

/**
 * Puts back the template's rows and sequence positions, and lets go of what the last borrower held.
 * Rows are deleted, not truncated: a truncate gives every table, index and TOAST table new files,
 * a few hundred of them, and the embedded database's file system took 90-110 ms for the truncate
 * and 15-25 ms more to let the old files go at commit; the whole reset now takes 25-35 ms.
 */
async function restore(instance: EmbeddedInstance, contents: TemplateContents): Promise<void> {
  await instance.exec('select pg_advisory_unlock_all(); deallocate all');
  await instance.transaction(async (tx) => {
    // Rows go and come back as they were, without firing triggers or checking references row by row.
    await tx.exec('set local session_replication_role = replica');
    await tx.exec(contents.tables.map(({ table }) => `delete from ${table};`).join('\n'));
    for (const { table, columns, rows } of contents.tables) {
      if (!rows) continue;
      const list = columns.join(', ');
      await tx.query(`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1::json)`, [rows]);
    }
    for (const { sequence, value, start } of contents.sequences) {
      // A sequence the template never used starts again from its first value, as a truncate's `restart identity` did.
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [sequence, value ?? start, value !== null]);
    }
  });
}

class TemplatePool {
  private readonly idle: WorkerPGlite[] = [];
  private contents: Promise<TemplateContents> | undefined;

  constructor(
    private readonly dump: string,
    private readonly setup: string | undefined,
  ) {}

  async lend(): Promise<EmbeddedInstance> {
    let instance = this.idle.pop();
    while (instance?.closed) instance = this.idle.pop();
    instance ??= await WorkerPGlite.create({ loadDataDir: await readTemplate(this.dump), setup: this.setup });
    const opened = instance;
    this.contents ??= readContents(opened);
    await this.contents;
    return new LentInstance(opened, () => this.giveBack(opened));
  }

  private async giveBack(instance: WorkerPGlite): Promise<void> {
    try {
      await restore(instance, await this.contents!);
      this.idle.push(instance);
    } catch {
      await instance.close();
    }
  }
}

const pools = new Map<string, TemplatePool>();

/** Opens the embedded database for a test from a template's files, lending one already open when it can. */
export function lendEmbeddedInstance(dump: string, options: WorkerPGliteOptions): Promise<EmbeddedInstance> {
  const key = `${dump}\n${options.setup ?? ''}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new TemplatePool(dump, options.setup)));
  return pool.lend();
}

const closedError = () => new Error('PGlite is closed');

/** One borrower's view of a pooled instance: once closed it answers nothing, and its listeners are gone. */
class LentInstance implements EmbeddedInstance {
  private returned = false;
  private readonly listening = new Set<() => Promise<void>>();

  constructor(
    private readonly instance: WorkerPGlite,
    private readonly giveBack: () => Promise<void>,
  ) {}

  get closed(): boolean {
    return this.returned || this.instance.closed;
  }

  query<T>(query: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<T>> {
    return this.whileLent(() => this.instance.query<T>(query, params, options));
  }

  exec(query: string, options?: EmbeddedQueryOptions): Promise<Results[]> {
    return this.whileLent(() => this.instance.exec(query, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.whileLent(() => this.instance.transaction(callback));
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const stop = await this.whileLent(() => this.instance.listen(channel, callback));
    const stopOnce = async () => {
      if (this.listening.delete(stopOnce)) await stop();
    };
    this.listening.add(stopOnce);
    return stopOnce;
  }

  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File> {
    return this.whileLent(() => this.instance.dumpDataDir(compression));
  }

  async close(): Promise<void> {
    if (this.returned) return;
    this.returned = true;
    for (const stop of [...this.listening]) await stop();
    await this.giveBack();
  }

  private whileLent<T>(run: () => Promise<T>): Promise<T> {
    return this.returned ? Promise.reject(closedError()) : run();
  }
}
