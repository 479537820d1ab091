import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

/** A task whose runs are numbered and finish when the test says so. */
function controlledTask() {
  const finishers: ((fail?: boolean) => void)[] = [];
  let runs = 0;
  const task = () =>
    new Promise<number>((resolve, reject) => {
      const run = ++runs;
      finishers.push((fail) => (fail ? reject(new Error(`run ${run} failed`)) : resolve(run)));
    });
  return { task, finish: (index: number, fail?: boolean) => finishers[index]!(fail), runs: () => runs };
}

describe('coalesced', () => {
  it('gives callers who asked during a run the next run, shared, never the one already under way', async () => {
    const { task, finish, runs } = controlledTask();
    const look = coalesced(task);
    const first = look();
    const [second, third] = [look(), look()];
    expect(runs()).toBe(1);
    finish(0);
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(runs()).toBe(2);
    finish(1);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
  });

  it('does not pass a failed run on to the callers waiting for the next one', async () => {
    const { task, finish } = controlledTask();
    const look = coalesced(task);
    const failing = look();
    const waiting = look();
    finish(0, true);
    await expect(failing).rejects.toThrow('run 1 failed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish(1);
    expect(await waiting).toBe(2);
  });
});
