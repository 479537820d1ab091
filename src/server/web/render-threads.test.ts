import { afterEach, describe, expect, it } from 'vitest';
import type { InProcessAnswer, ThreadRenderJob } from '../../shared/server-render';
import { within } from '../../test-support/within';
import { createRenderThreads, type RenderThreads } from './render-threads';

// Threads that load a stand-in renderer (a module in a data: URL, as the real one is loaded from
// its file URL), speaking the protocol of src/web/server/serve-renders.ts by hand: each screen's
// markup names its address, what the main thread answered for `/api/more`, and the thread.
const standIn = `
import { parentPort, threadId } from 'node:worker_threads';
export function serveRendersInThread() {
  const jobs = new Map();
  parentPort.on('message', (message) => {
    if (message.job) {
      jobs.set(message.id, message.job);
      parentPort.postMessage({ id: message.id, read: '/api/more' });
      return;
    }
    const job = jobs.get(message.id);
    const html = new TextEncoder().encode(job.url + ' ' + message.answer.body + ' ' + threadId);
    parentPort.postMessage({ id: message.id, screen: { html, state: '{}', waited: false } });
  });
  parentPort.postMessage({ ready: true });
}`;
const standInUrl = `data:text/javascript,${encodeURIComponent(standIn)}`;

const job = (url: string): ThreadRenderJob => ({ url, publicCatalogue: false, answers: [] });
const more = async (): Promise<InProcessAnswer> => ({ status: 200, headers: {}, body: 'more' });
const text = (html: Uint8Array | undefined) => (html ? new TextDecoder().decode(html) : undefined);

let threads: RenderThreads | undefined;
afterEach(() => threads?.close());

/** Asks until a thread takes the screen (none is ready at first: the main thread renders those). */
async function renderedInThread(pool: RenderThreads, url: string) {
  let taken: ReturnType<RenderThreads['render']>;
  await within(10_000, async () => (taken = pool.render(job(url), more)) !== undefined);
  return taken && (await taken);
}

describe('render threads', () => {
  it('leave screens to the main thread until one is ready, then render them, reading more through the request', async () => {
    threads = createRenderThreads({ rendererUrl: standInUrl, count: 1 });
    expect(threads.render(job('/first'), more)).toBeUndefined();
    const screen = await renderedInThread(threads, '/games');
    expect(text(screen?.html)).toMatch(/^\/games more \d+$/);
  });

  it('end once they have had nothing to do for a while, and start again for the next screen', async () => {
    threads = createRenderThreads({ rendererUrl: standInUrl, count: 1, idleMs: 50 });
    const before = text((await renderedInThread(threads, '/a'))?.html)!.split(' ')[2];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = text((await renderedInThread(threads, '/b'))?.html)!.split(' ')[2];
    expect(after).not.toBe(before);
  });

  it('leave every screen to the main thread when the renderer cannot be loaded', async () => {
    const reasons: Error[] = [];
    const pool = createRenderThreads({
      rendererUrl: 'data:text/javascript,export const nothing = 1;',
      count: 1,
      cannotStartBecause: (error) => reasons.push(error),
    });
    threads = pool;
    expect(await within(10_000, async () => pool.render(job('/'), more) === undefined && reasons.length > 0)).toBe(true);
    for (let n = 0; n < 5; n++) expect(pool.render(job('/'), more)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(reasons).toHaveLength(1);
  });

  it('give up a screen a thread does not send back in time, and render the next on a thread started afresh', async () => {
    threads = createRenderThreads({ rendererUrl: standInUrl, count: 1, deadlineMs: 200 });
    const before = text((await renderedInThread(threads, '/warm'))?.html)!.split(' ')[2];
    const neverRead = async () => new Promise<InProcessAnswer>(() => undefined);
    await expect(threads.render(job('/stuck'), neverRead)).rejects.toThrow('did not answer within 200 ms');
    const after = text((await renderedInThread(threads, '/next'))?.html)!.split(' ')[2];
    expect(after).not.toBe(before);
  });

  it('send the screens on their way as the server closes to the loading screen, not to an error', async () => {
    threads = createRenderThreads({ rendererUrl: standInUrl, count: 1 });
    await renderedInThread(threads, '/warm');
    const slow = async () => new Promise<InProcessAnswer>(() => undefined);
    const onItsWay = threads.render(job('/slow'), slow);
    expect(onItsWay).toBeDefined();
    await threads.close();
    await expect(onItsWay).resolves.toBeUndefined();
  });
});
