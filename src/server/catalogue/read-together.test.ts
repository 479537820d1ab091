import { describe, expect, it } from 'vitest';
import { ReadTogether } from './read-together';

/** A reader that answers `text of N` for each id, and remembers the batches it was asked for. */
function countingReader() {
  const batches: number[][] = [];
  let release = () => {};
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  let waiting = Promise.resolve();
  const reads = new ReadTogether(async (ids) => {
    batches.push(ids);
    await waiting;
    return new Map(ids.map((id) => [id, `text of ${id}`]));
  });
  return {
    reads,
    batches,
    hold: () => (waiting = gate()),
    release: () => release(),
  };
}

describe('reading games together', () => {
  it('reads the ids asked for in one turn in one read', async () => {
    const { reads, batches } = countingReader();
    const [a, b] = await Promise.all([reads.read([1, 2]), reads.read([2, 3])]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(a.get(1)).toBe('text of 1');
    expect(b.get(3)).toBe('text of 3');
  });

  it('joins a read under way rather than reading the same game again', async () => {
    const { reads, batches, hold, release } = countingReader();
    hold();
    const first = reads.read([7]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = reads.read([7, 8]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await first).get(7)).toBe('text of 7');
    const both = await second;
    expect([both.get(7), both.get(8)]).toEqual(['text of 7', 'text of 8']);
    expect(batches).toEqual([[7], [8]]);
  });

  it('reads a forgotten game again, as a read under way may have started before its change', async () => {
    const { reads, batches, hold, release } = countingReader();
    hold();
    const first = reads.read([5]);
    await new Promise((resolve) => setImmediate(resolve));
    reads.forget([5]);
    const second = reads.read([5]);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, second]);
    expect(batches).toEqual([[5], [5]]);
  });

  it('reads a game again once its read is over', async () => {
    const { reads, batches } = countingReader();
    await reads.read([4]);
    await reads.read([4]);
    expect(batches).toEqual([[4], [4]]);
  });
});
