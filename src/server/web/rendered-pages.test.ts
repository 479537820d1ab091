import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RenderedScreen, ScreenAnswers } from '../../shared/server-render';
import { createRenderedPages, type RenderedPageOutcome } from './rendered-pages';

const PAGE = '<html><body><div id="root"><p>Loading</p><!--/boot--></div><script src="/app.js"></script></body></html>';

function screen(keepable: boolean): RenderedScreen {
  return { html: new TextEncoder().encode('<h1>Humfield</h1>'), state: '{}', keepable, waited: false };
}

/** Answers whose render finishes only when the test says so, counting how often it was asked. */
function answersHeldBack(key: string, memberFacts?: string) {
  let finish!: (screen: RenderedScreen | undefined) => void;
  const held = new Promise<RenderedScreen | undefined>((resolve) => (finish = resolve));
  const answers = { key, memberFacts, renders: 0, render: () => (answers.renders++, held) };
  return { answers: answers satisfies ScreenAnswers, finish };
}

function tally() {
  const outcomes: RenderedPageOutcome[] = [];
  return { outcomes, pages: createRenderedPages((outcome) => outcomes.push(outcome)) };
}

const startText = (page: { start: { deflated: Buffer } } | undefined) =>
  inflateRawSync(page!.start.deflated, { finishFlush: constants.Z_SYNC_FLUSH }).toString();

describe('rendered pages', () => {
  it('renders a page once for a burst of requests with the same answers, each with its own end', async () => {
    const { outcomes, pages } = tally();
    const ada = answersHeldBack('same', '{"me":"ada"}');
    const bo = answersHeldBack('same', '{"me":"bo"}');
    const both = Promise.all([pages.pageFrom(ada.answers, PAGE, '1-1'), pages.pageFrom(bo.answers, PAGE, '1-2')]);
    ada.finish(screen(true));
    bo.finish(screen(true));
    const [adas, bos] = await both;
    expect([ada.answers.renders, bo.answers.renders]).toEqual([1, 0]);
    expect(outcomes.sort()).toEqual(['kept', 'rendered']);
    expect(startText(bos)).toBe(startText(adas));
    expect(startText(adas)).toContain('<h1>Humfield</h1>');
    expect([adas?.end, bos?.end].map((end) => end?.includes('"me":"ada"'))).toEqual([true, false]);
    expect(bos?.end).toContain('"me":"bo"');
  });

  it('renders again for each request when the page made could not be kept', async () => {
    const { outcomes, pages } = tally();
    const first = answersHeldBack('same');
    const second = answersHeldBack('same');
    const both = Promise.all([pages.pageFrom(first.answers, PAGE, undefined), pages.pageFrom(second.answers, PAGE, undefined)]);
    first.finish(screen(false));
    second.finish(screen(false));
    await both;
    expect([first.answers.renders, second.answers.renders]).toEqual([1, 1]);
    expect(outcomes).toEqual(['rendered', 'rendered']);
  });

  it('renders pages with other answers apart', async () => {
    const { pages } = tally();
    const one = answersHeldBack('one');
    const other = answersHeldBack('other');
    const both = Promise.all([pages.pageFrom(one.answers, PAGE, undefined), pages.pageFrom(other.answers, PAGE, undefined)]);
    one.finish(screen(true));
    other.finish(undefined);
    const [ones, others] = await both;
    expect([one.answers.renders, other.answers.renders]).toEqual([1, 1]);
    expect(ones).toBeDefined();
    expect(others).toBeUndefined();
  });
});
