/**
 * What the HTTP client has to say to the screen. The client knows no toasts, dialogs or routes: it
 * raises these, and the shell (shell/clientEvents.ts) shows them.
 */
export type ClientEvent =
  /** A call the user started failed: show the (translated) text once. */
  | { type: 'failure'; text: string }
  /** 401: the session is already cleared; `prompt` when the user should be asked to log in again. */
  | { type: 'signedOut'; prompt: boolean }
  /** 403: the roles are being refreshed; an admin page the user may not see should be left. */
  | { type: 'refused' };

type Listener = (event: ClientEvent) => void;

const listeners = new Set<Listener>();

export function onClientEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function raise(event: ClientEvent) {
  for (const listener of listeners) listener(event);
}
