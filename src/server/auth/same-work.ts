import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Makes an answer about an account cost the same whether or not the account exists (issue 32,
 * decision 0052): every password sign-in checks one password, and what only a registered
 * account's answer would write or send waits until the answer has gone.
 */

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (stored: { hash: string; password: string }) => Promise<boolean>;
}

interface RequestWork {
  passwordChecks: number;
  /** Whether Better Auth's first read of a user found one; undefined until it reads. */
  userFound?: boolean;
  afterAnswer: (() => Promise<unknown>)[];
}

export interface SameWork {
  /** The password hashing to give Better Auth: it counts what each request hashed. */
  hashing: PasswordHashing;
  /** Runs one request's handling; `afterAnswer` starts what it put off, in order. */
  handle<T>(handler: () => Promise<T>): Promise<{ result: T; afterAnswer: () => void }>;
  /** Inside a request: after its answer has been sent. Outside one: now. */
  later(task: () => Promise<unknown>): void;
  /** Wraps Better Auth's database adapter so each request knows whether its user read found one. */
  recordingUserReads<F extends (...args: never[]) => object>(adapterFactory: F): F;
  /** Whether this request's first user read found someone; undefined before it read one. */
  userFound(): boolean | undefined;
  /** True when this request checked or hashed a password. */
  checkedAPassword(): boolean;
  /** True inside a request handled here. */
  inRequest(): boolean;
  /** True when this request has put work off until after its answer. */
  putOffWork(): boolean;
  /** One password check for this request if none was made (the account, or its password, is unknown). */
  checkOnePassword(password: unknown): Promise<void>;
  /** Resolves once everything put off so far has run. */
  settled(): Promise<void>;
}

export function createSameWork(hashing: PasswordHashing, log: FastifyBaseLogger): SameWork {
  const requests = new AsyncLocalStorage<RequestWork>();
  const running = new Set<Promise<void>>();
  // Made by the same hashing as every stored password, so checking it costs what a real check does.
  const dummyHash = hashing.hash(randomBytes(16).toString('hex'));

  const counted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    (...args: A) => {
      const store = requests.getStore();
      if (store) store.passwordChecks++;
      return work(...args);
    };

  function start(tasks: (() => Promise<unknown>)[]) {
    if (tasks.length === 0) return;
    const chain = tasks
      .reduce<Promise<unknown>>((previous, task) => previous.then(task), Promise.resolve())
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'work put off until after an answer failed'),
      );
    running.add(chain);
    void chain.finally(() => running.delete(chain));
  }

  return {
    hashing: { hash: counted(hashing.hash), verify: counted(hashing.verify) },
    async handle(handler) {
      const work: RequestWork = { passwordChecks: 0, afterAnswer: [] };
      const result = await requests.run(work, handler);
      return { result, afterAnswer: () => start(work.afterAnswer.splice(0)) };
    },
    later(task) {
      const store = requests.getStore();
      if (store) store.afterAnswer.push(task);
      else start([task]);
    },
    recordingUserReads(adapterFactory) {
      return ((...args: Parameters<typeof adapterFactory>) => {
        const adapter = adapterFactory(...args) as { findOne: (query: { model: string }) => Promise<unknown> };
        return {
          ...adapter,
          async findOne(query: { model: string }) {
            const row = await adapter.findOne(query);
            const store = requests.getStore();
            if (store && query.model === 'user') store.userFound ??= row !== null;
            return row;
          },
        };
      }) as typeof adapterFactory;
    },
    userFound: () => requests.getStore()?.userFound,
    checkedAPassword: () => (requests.getStore()?.passwordChecks ?? 0) > 0,
    inRequest: () => requests.getStore() !== undefined,
    putOffWork: () => (requests.getStore()?.afterAnswer.length ?? 0) > 0,
    async checkOnePassword(password) {
      const store = requests.getStore();
      if (!store || store.passwordChecks > 0 || typeof password !== 'string') return;
      await hashing.verify({ hash: await dummyHash, password });
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
