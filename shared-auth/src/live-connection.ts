// The stream's connection, loaded after sign-in: a streaming fetch that sends the access token in
// the Authorization header (an EventSource cannot), re-reads the token on every (re)connection so
// a refreshed one is used, refreshes it once on a 401, and reconnects with back-off, sending the
// last event's id so the server replays what was missed.
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { newestLiveSeq, noteLiveSeq } from './conditional-reads';
import { apiUrl, renewAccessToken } from './http';
import {
  emitLiveEvent,
  setLiveState as setLocalState,
  type LiveChange,
  type LiveEvent,
  type LiveState,
} from './live-bus';
import { parseLiveChange } from './live-parse';
import { shareLiveStream, type ShareChannel, type StreamHooks } from './live-share';
import { tokenStorage } from './token-storage';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** The server refused the stream for good (no session): do not retry. */
class StreamRefused extends Error {}
/** Anything else: retry after the back-off. */
class StreamBroken extends Error {}

/** This browser's one stream, shared by its tabs (live-share.ts). */
export function connectSharedLiveEvents(): () => void {
  return shareLiveStream({
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    openChannel:
      typeof BroadcastChannel === 'undefined' ? null : (name) => new BroadcastChannel(name) as ShareChannel,
    connect: connectLiveEvents,
    emit: emitLiveEvent,
    setState: setLocalState,
    noteSeq: noteLiveSeq,
    newestSeq: newestLiveSeq,
  });
}

/**
 * Opens the stream. With `hooks` (this tab leads the browser's tabs) each message and state also
 * goes to them, and the stream starts after `hooks.lastEventId`.
 */
export function connectLiveEvents(hooks: StreamHooks | null = null): () => void {
  const setLiveState = (state: LiveState) => {
    setLocalState(state);
    hooks?.onState(state);
  };
  const emit = (id: string | undefined, event: LiveEvent | null) => {
    if (event) emitLiveEvent(event);
    hooks?.onEvent(id, event);
  };
  const controller = new AbortController();
  let retryMs = FIRST_RETRY_MS;
  let sentToken: string | null = null;

  const offline = () => setLiveState('offline');
  const online = () => setLiveState('reconnecting');
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);

  void fetchEventSource(apiUrl('/api/events'), {
    signal: controller.signal,
    // One stream per tab, hidden or not: a tab in the background still shows the truth when shown.
    openWhenHidden: true,
    // A tab that takes the stream over from another starts after the newest event it has seen.
    headers: {
      Accept: EventStreamContentType,
      ...(hooks?.lastEventId ? { 'last-event-id': hooks.lastEventId } : {}),
    },
    // The token as it is now, on every (re)connection.
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      sentToken = tokenStorage.getAccessToken();
      if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`);
      // Low priority: the stream stays open for the page's life, and must neither compete with the
      // page's own requests nor count as one the page is still waiting for (Lighthouse and other
      // load monitors wait for the high-priority requests to settle).
      return fetch(input, { ...init, headers, priority: 'low' });
    },
    async onopen(response) {
      if (response.ok && response.headers.get('content-type')?.startsWith(EventStreamContentType)) {
        retryMs = FIRST_RETRY_MS;
        setLiveState('live');
        return;
      }
      if (response.status === 401) {
        // A refreshed token is used on the next attempt; a session that cannot be renewed ends
        // the stream (the HTTP client has already sent the user to sign in).
        await renewAccessToken(sentToken, false).catch(() => {
          throw new StreamRefused();
        });
        retryMs = 0;
      }
      throw new StreamBroken(String(response.status));
    },
    onmessage(message) {
      noteLiveSeq(message.id);
      if (message.event === 'resync') {
        emit(message.id, { type: 'resync' });
        return;
      }
      // A malformed event changes nothing on screen.
      const event: LiveChange | null = message.event === 'change' ? parseLiveChange(message.data) : null;
      emit(message.id, event);
    },
    onclose() {
      // The server ends streams now and then (and on restart): come back, with the back-off.
      throw new StreamBroken('closed');
    },
    onerror(error: unknown) {
      if (error instanceof StreamRefused) {
        setLiveState('offline');
        throw error;
      }
      setLiveState(navigator.onLine === false ? 'offline' : 'reconnecting');
      const wait = retryMs;
      retryMs = Math.min(MAX_RETRY_MS, Math.max(FIRST_RETRY_MS, retryMs * 2));
      return wait;
    },
  }).catch(() => {});

  return () => {
    controller.abort();
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
