// Screens rendered off the main thread. A member's first load of a game page is mostly React
// writing the screen, and while the main thread wrote it, the other core idled. A render thread
// loads the same built renderer and renders from the answers the main thread read for the page's
// key, asking the main thread for any path more (so the key still knows what the screen read);
// meanwhile the main thread reads and sends other pages. When every thread is busy, the main
// thread renders the page itself, as it did before threads. A thread with nothing to do for a
// while ends and gives its memory back; the next render starts it again.
import { Worker } from 'node:worker_threads';
import {
  failureText,
  type FromRenderThread,
  type ReadForThread,
  type RenderInThread,
  type ThreadRenderJob,
  type ThreadScreen,
  type ToRenderThread,
} from '../../shared/server-render';

/** A thread with this many screens on their way takes no more: the main thread renders the next. */
const MAX_WAITING = 8;

/** A thread that rendered nothing for this long ends. */
const IDLE_MS = 15_000;

/**
 * A screen not back by then is given up, and its thread ended and started afresh: a screen takes
 * milliseconds, and every later load of the same page waits for the one on its way (decision 0081).
 */
const DEADLINE_MS = 5_000;

interface Waiting {
  resolve(screen: ThreadScreen | undefined): void;
  reject(error: Error): void;
  readMore: ReadForThread;
}

interface RenderThread {
  worker: Worker;
  ready: boolean;
  waiting: Map<number, Waiting>;
  idleTimer?: NodeJS.Timeout;
  /** Told to end: takes no more screens, and the next one starts a thread in its place. */
  ending?: boolean;
}

export interface RenderThreadsOptions {
  /** The built renderer's file URL: each thread imports it and serves renders (`serveRendersInThread`). */
  rendererUrl: string;
  count: number;
  idleMs?: number;
  deadlineMs?: number;
  /** Hears of each screen a thread rendered. */
  rendered?: () => void;
  /** Hears why a thread could not start, once: from then on the main thread renders every screen. */
  cannotStartBecause?: (error: Error) => void;
}

export function createRenderThreads({
  rendererUrl,
  count,
  idleMs = IDLE_MS,
  deadlineMs = DEADLINE_MS,
  rendered,
  cannotStartBecause,
}: RenderThreadsOptions) {
  const threads: (RenderThread | undefined)[] = Array.from({ length: count }, () => undefined);
  let nextId = 0;
  let cannotStart = false;
  let closing = false;

  const end = (thread: RenderThread) => {
    thread.ending = true;
    void thread.worker.terminate();
  };

  const endWhenIdle = (thread: RenderThread) => {
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.waiting.size === 0) end(thread);
    }, idleMs);
    thread.idleTimer.unref();
  };

  const answerRead = (thread: RenderThread, id: number, path: string, waiting: Waiting) => {
    const send = (message: ToRenderThread) => thread.worker.postMessage(message);
    waiting.readMore(path).then(
      (answer) => send({ id, path, answer }),
      (error: unknown) => send({ id, path, failed: failureText(error) }),
    );
  };

  const heard = (thread: RenderThread, message: FromRenderThread) => {
    if ('ready' in message) {
      thread.ready = true;
      endWhenIdle(thread);
      return;
    }
    const waiting = thread.waiting.get(message.id);
    if (!waiting) return;
    if ('read' in message) return answerRead(thread, message.id, message.read, waiting);
    thread.waiting.delete(message.id);
    if (thread.waiting.size === 0) endWhenIdle(thread);
    if (message.failed !== undefined) return waiting.reject(new Error(message.failed));
    rendered?.();
    waiting.resolve(message.screen);
  };

  const start = (slot: number): RenderThread => {
    const source = `import(${JSON.stringify(rendererUrl)}).then((renderer) => renderer.serveRendersInThread())`;
    const thread: RenderThread = { worker: new Worker(source, { eval: true }), ready: false, waiting: new Map() };
    // Never what keeps the process alive: a server that closes ends its threads.
    thread.worker.unref();
    threads[slot] = thread;
    let ended = false;
    // An error is followed by the exit: told once.
    const gone = (error: Error) => {
      if (ended) return;
      ended = true;
      clearTimeout(thread.idleTimer);
      if (threads[slot] === thread) threads[slot] = undefined;
      // One that never got ready will not the next time either: the main thread renders from now on.
      if (!thread.ready && !closing) {
        cannotStart = true;
        cannotStartBecause?.(error);
      }
      // Pages on their way as the server closes get the loading screen, not an error.
      for (const waiting of thread.waiting.values()) {
        if (closing) waiting.resolve(undefined);
        else waiting.reject(error);
      }
      thread.waiting.clear();
    };
    thread.worker.on('message', (message: FromRenderThread) => heard(thread, message));
    thread.worker.on('error', gone);
    thread.worker.on('exit', (code) => gone(new Error(`The render thread ended (exit code ${code})`)));
    return thread;
  };

  /** The ready thread with the fewest screens on their way, if one can take another; starts those that ended. */
  const freeThread = (): RenderThread | undefined => {
    if (cannotStart || closing) return undefined;
    let chosen: RenderThread | undefined;
    for (let slot = 0; slot < count; slot++) {
      const current = threads[slot];
      const thread = current && !current.ending ? current : start(slot);
      const free = thread.ready && thread.waiting.size < MAX_WAITING;
      if (free && (!chosen || thread.waiting.size < chosen.waiting.size)) chosen = thread;
    }
    return chosen;
  };

  const render: RenderInThread = (job: ThreadRenderJob, readMore: ReadForThread) => {
    const thread = freeThread();
    if (!thread) return undefined;
    clearTimeout(thread.idleTimer);
    const id = nextId++;
    return new Promise<ThreadScreen | undefined>((resolve, reject) => {
      const deadline = setTimeout(() => {
        if (!thread.waiting.delete(id)) return;
        reject(new Error(`The render thread did not answer within ${deadlineMs} ms; it is started afresh`));
        end(thread);
      }, deadlineMs);
      deadline.unref();
      const settled = () => clearTimeout(deadline);
      thread.waiting.set(id, {
        resolve: (screen) => (settled(), resolve(screen)),
        reject: (error) => (settled(), reject(error)),
        readMore,
      });
      thread.worker.postMessage({ id, job } satisfies ToRenderThread);
    });
  };

  return {
    render,
    /** Ends every thread; renders from now on are the main thread's. */
    async close(): Promise<void> {
      closing = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
    },
  };
}

export type RenderThreads = ReturnType<typeof createRenderThreads>;
