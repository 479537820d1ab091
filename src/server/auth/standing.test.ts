import { describe, expect, it } from 'vitest';
import { asSentenceEnd, suspendedMessage } from './standing';

const until = '2026-12-10T09:30:00.000Z';

describe("a suspended member's message", () => {
  it('ends the sentence once whether or not the reason brings its own full stop', () => {
    expect(suspendedMessage({ until, reason: 'Repeated spam.' })).toBe(
      'Your account is suspended until 10 December 2026 at 09:30 UTC: Repeated spam. Until then you can sign in and read, but not post.',
    );
    expect(suspendedMessage({ until, reason: 'Repeated spam' })).toBe(
      'Your account is suspended until 10 December 2026 at 09:30 UTC: Repeated spam. Until then you can sign in and read, but not post.',
    );
    expect(suspendedMessage({ until, reason: 'Why did you post that?  ' })).toContain('UTC: Why did you post that? Until then');
    expect(suspendedMessage({ until, reason: '' })).toBe(
      'Your account is suspended until 10 December 2026 at 09:30 UTC. Until then you can sign in and read, but not post.',
    );
  });

  it('never doubles the full stop of a reason followed by another sentence', () => {
    expect(asSentenceEnd('Hate.')).toBe('Hate.');
    expect(asSentenceEnd('Hate')).toBe('Hate.');
    expect(asSentenceEnd('Really!')).toBe('Really!');
  });
});
