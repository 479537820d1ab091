import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { SERVER_STATE_ID } from '../../shared/server-render';

/** What a server-rendered screen was rendered from: the browser hydrates the same, so it renders the same. */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
  /** Where the live events stood before the answers were read: the first event stream resumes from it. */
  liveCursor?: string;
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;

/** JSON for a `<script type="application/json">`: no `<` can close the element or open a comment. */
export function serialiseServerState(state: ServerState): string {
  return JSON.stringify(state).replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The state of a screen the server rendered, or undefined when the page came with the loading screen. */
export function readServerState(): ServerState | undefined {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : undefined;
}
