import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { jsonForScript, LIVE_CURSOR_ID, MEMBER_FACTS_ID, SERVER_STATE_ID, type MemberFacts } from '../../shared/server-render';

/** What a server-rendered screen was rendered from: the browser hydrates the same, so it renders the same. */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

/**
 * The state as sent, with the answers' times left out: a document is sent again while its
 * answers stay the same (src/server/web/kept-documents.ts), so when it was first made says
 * nothing; the browser dates the answers as they arrive (`answeredAt`).
 */
export function serialiseServerState(state: ServerState): string {
  const queries = state.queries.queries.map((query) => ({
    ...query,
    dehydratedAt: 0,
    state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
  }));
  return jsonForScript({ ...state, queries: { ...state.queries, queries } });
}

/** The answers of a rendered page dated `now`: they were current when the page was sent. */
export function answeredAt(state: DehydratedState, now: number): DehydratedState {
  const queries = state.queries.map((query) => ({
    ...query,
    dehydratedAt: now,
    state: { ...query.state, dataUpdatedAt: now },
  }));
  return { ...state, queries };
}

function readScriptJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

/** The state of a screen the server rendered, or undefined when the page came with the loading screen. */
export const readServerState = () => readScriptJson<ServerState>(SERVER_STATE_ID);

/** Where the live events stood before the rendered page's answers were read, if it was rendered. */
export const readLiveCursor = () => readScriptJson<string>(LIVE_CURSOR_ID);

/** The member's own facts, sent apart from a page rendered for every member like them (decision 0081). */
export const readMemberFacts = () => readScriptJson<MemberFacts>(MEMBER_FACTS_ID);
