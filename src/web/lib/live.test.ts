import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followTopic, retryDelayMs, type TopicListener } from './live';

// The browser's EventSource, as far as the tab's one stream uses it: the server's answer is
// played by the test (accepted, or refused as a 429 is: the source closes and says `error`).
class BrowserEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: BrowserEventSource[] = [];
  readyState = BrowserEventSource.CONNECTING;
  private listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(readonly url: string) {
    BrowserEventSource.made.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = BrowserEventSource.CLOSED;
  }

  accept() {
    this.readyState = BrowserEventSource.OPEN;
    for (const listener of this.listeners.get('open') ?? []) listener(new Event('open'));
  }

  refuse() {
    this.readyState = BrowserEventSource.CLOSED;
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }

  static notClosed() {
    return BrowserEventSource.made.filter((source) => source.readyState !== BrowserEventSource.CLOSED);
  }
}

const quiet: TopicListener = { onReady: () => undefined, onChange: () => undefined, onRevoked: () => undefined };
const latest = () => BrowserEventSource.made.at(-1)!;
const unfollowAll: (() => void)[] = [];
const follow = (topic: string) => unfollowAll.push(followTopic(topic, quiet));

beforeEach(() => {
  vi.useFakeTimers();
  BrowserEventSource.made = [];
  vi.stubGlobal('EventSource', BrowserEventSource);
});
afterEach(() => {
  // Leaves the module's one stream closed and its failures forgotten for the next file.
  latest()?.accept();
  for (const unfollow of unfollowAll.splice(0)) unfollow();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the tab’s live stream', () => {
  it('waits longer after each refusal, keeps at most one stream, and a new topic does not cut the wait short', async () => {
    follow('catalogue');
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserEventSource.made).toHaveLength(1);

    for (let refusals = 0; refusals < 8; refusals++) {
      const refused = latest();
      refused.refuse();
      const shortest = retryDelayMs(refusals, 0);
      const longest = retryDelayMs(refusals, 1);
      // A screen opened meanwhile asks for its topic: still no knock before the wait is over.
      if (refusals === 3) follow('game:7');
      await vi.advanceTimersByTimeAsync(shortest - 1);
      expect(latest(), `opened again within ${shortest} ms of refusal ${refusals + 1}`).toBe(refused);
      await vi.advanceTimersByTimeAsync(longest - shortest + 1);
      expect(latest(), `not opened again within ${longest} ms of refusal ${refusals + 1}`).not.toBe(refused);
      expect(BrowserEventSource.notClosed()).toHaveLength(1);
    }
    expect(BrowserEventSource.made).toHaveLength(9);
    expect(retryDelayMs(7, 1)).toBe(30_000);
    expect(latest().url).toContain(`/api/live?topics=${encodeURIComponent('catalogue,game:7')}`);
  });

  it('starts from a short wait again once a stream was let in, and closes the old stream before opening one for new topics', async () => {
    follow('catalogue');
    await vi.advanceTimersByTimeAsync(0);
    latest().accept();
    follow('game:8');
    await vi.advanceTimersByTimeAsync(0);
    expect(BrowserEventSource.made).toHaveLength(2);
    expect(BrowserEventSource.notClosed()).toEqual([latest()]);

    latest().refuse();
    await vi.advanceTimersByTimeAsync(retryDelayMs(0, 1));
    expect(BrowserEventSource.made).toHaveLength(3);
  });
});
