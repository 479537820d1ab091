import { LIVE_CURSOR_ID, MEMBER_FACTS_ID, SERVER_STATE_ID, type MemberFacts } from '../../shared/server-render';

/** The `<script type="application/json">` in which a page rendered on the server carries its state. */
export const RENDERED_STATE = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">([^<]*)</script>`);

/** What the tests read of a rendered page's state (src/web/app/server-state.ts). */
export interface RenderedState {
  queries: { queries: { queryKey: unknown[]; state: { data: unknown; dataUpdatedAt: number } }[] };
}

/** The state a page carries, or undefined when the server did not render its screen. */
export function renderedStateIn(html: string): RenderedState | undefined {
  const state = RENDERED_STATE.exec(html)?.[1];
  return state ? (JSON.parse(state) as RenderedState) : undefined;
}

/** The `<script type="application/json">` in which a page rendered for every member like them carries this one's own facts. */
export const MEMBER_FACTS = new RegExp(`<script type="application/json" id="${MEMBER_FACTS_ID}">([^<]*)</script>`);

/** The member's own facts a rendered page carries, or undefined (a visitor's page, or one not rendered). */
export function memberFactsIn(html: string): MemberFacts | undefined {
  const facts = MEMBER_FACTS.exec(html)?.[1];
  return facts ? (JSON.parse(facts) as MemberFacts) : undefined;
}

const LIVE_CURSOR = new RegExp(`<script type="application/json" id="${LIVE_CURSOR_ID}">([^<]*)</script>`);

/** The page without where its instance's live events stood (each instance's own, and each moment's). */
export const withoutLiveCursor = (html: string) => html.replace(LIVE_CURSOR, '');

/** Where a rendered page's first event stream resumes from, or undefined when it carries none. */
export function liveCursorIn(html: string): string | undefined {
  const cursor = LIVE_CURSOR.exec(html)?.[1];
  return cursor ? (JSON.parse(cursor) as string) : undefined;
}

/** The play count a rendered home page shows for a game in its trending section, if it is there. */
export function trendingPlaysIn(html: string, gameId: string): number | undefined {
  const queries = renderedStateIn(html)?.queries.queries ?? [];
  const home = queries.find((query) => query.queryKey[0] === 'home')?.state.data as
    { trending: { id: string; playCount: number }[] } | undefined;
  return home?.trending.find((game) => game.id === gameId)?.playCount;
}
