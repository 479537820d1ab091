import { createElement, lazy, Suspense, use, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { markupOf } from './markup';

const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));

function Waits({ promise }: { promise: Promise<string> }): ReactNode {
  return createElement('p', null, use(promise));
}

const inBoundary = (child: ReactNode) => createElement(Suspense, { fallback: createElement('p', null, 'Loading…') }, child);

describe('markupOf', () => {
  it('writes a tree that waits for nothing as it is, with text that is not ASCII', async () => {
    const markup = await markupOf(createElement('main', null, createElement('h1', null, 'Ratings · ★ 4.5')));
    expect(markup.bytes.toString()).toBe('<main><h1>Ratings · ★ 4.5</h1></main>');
    expect(markup.waited).toBe(false);
  });

  it('waits for a module still loading inside a boundary, rather than leaving the boundary to the browser', async () => {
    const Screen = lazy(() => later({ default: () => createElement('h1', null, 'Game page') }));
    const markup = await markupOf(inBoundary(createElement(Screen)));
    expect(markup.bytes.toString()).toContain('<h1>Game page</h1>');
    expect(markup.bytes.toString()).not.toContain('Loading…');
    expect(markup.waited).toBe(true);
  });

  it('waits for an answer outside every boundary', async () => {
    const markup = await markupOf(createElement(Waits, { promise: later('Answered') }));
    expect(markup.bytes.toString()).toBe('<p>Answered</p>');
    expect(markup.waited).toBe(true);
  });
});
