import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page carries for the browser (apps/web/src/entry-server.tsx). */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

export const SERVER_STATE_ID = 'estado-servidor';

/** The state a server-rendered page carries, or undefined for a page the browser renders alone. */
export function readServerState(): ServerState | undefined {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return undefined;
  }
}
