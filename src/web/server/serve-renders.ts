// The render thread's side of src/server/web/render-threads.ts: screens to render come in, each
// with the answers the main thread read for it; a path more is asked of the main thread, which
// reads it as part of that page's request.
import { parentPort } from 'node:worker_threads';
import {
  failureText,
  type FromRenderThread,
  type InProcessAnswer,
  type ReadForThread,
  type ThreadRenderJob,
  type ThreadScreen,
  type ToRenderThread,
} from '../../shared/server-render';

export type RenderJob = (job: ThreadRenderJob, readMore: ReadForThread) => Promise<ThreadScreen | undefined>;

export function serveRenders(renderJob: RenderJob): void {
  const port = parentPort;
  if (!port) throw new Error('Renders are served on a render thread, not the main thread');
  const send = (message: FromRenderThread) => port.postMessage(message);
  const asked = new Map<string, { resolve(answer: InProcessAnswer): void; reject(error: Error): void }>();
  const askedKey = (id: number, path: string) => `${id}\n${path}`;

  port.on('message', (message: ToRenderThread) => {
    if ('job' in message) {
      const { id } = message;
      const readMore: ReadForThread = (path) =>
        new Promise((resolve, reject) => {
          asked.set(askedKey(id, path), { resolve, reject });
          send({ id, read: path });
        });
      renderJob(message.job, readMore).then(
        (screen) => send({ id, screen }),
        (error: unknown) => send({ id, failed: failureText(error) }),
      );
      return;
    }
    const key = askedKey(message.id, message.path);
    const waiting = asked.get(key);
    asked.delete(key);
    if (message.answer) waiting?.resolve(message.answer);
    else waiting?.reject(new Error(message.failed ?? `${message.path} could not be read`));
  });
  send({ ready: true });
}
