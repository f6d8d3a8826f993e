// One event stream per browser, not one per tab. A browser keeps at most six HTTP/1.1 connections
// to one host, and a stream holds one of them for the page's life: with a stream per tab, a sixth
// tab of the console waits for every read and a seventh does not load at all. The console's tabs in
// one browser are one session (the tokens live in localStorage), so they elect one of them with a
// Web Lock: it holds the stream and hands every event, and the stream's state, to the others over a
// BroadcastChannel. When it closes, the lock passes to another tab, which opens the stream from the
// newest event it has seen, so the server replays what came meanwhile and nothing is missed.
// Without Web Locks or BroadcastChannel each tab holds its own stream, as before.
import type { LiveEvent, LiveState } from './live-bus';

/** What the leading tab sends the others. `ask`: a new tab wants the stream's state now. */
export type ShareMessage =
  | { kind: 'event'; id: string | undefined; event: LiveEvent | null }
  | { kind: 'state'; state: LiveState }
  | { kind: 'ask' };

/** A BroadcastChannel, as far as this module uses one. */
export interface ShareChannel {
  postMessage(message: ShareMessage): void;
  onmessage: ((message: MessageEvent<ShareMessage>) => void) | null;
  close(): void;
}

/** The stream itself, opened by the leading tab (live-connection.ts). */
export interface StreamHooks {
  /** The newest event id this tab has seen: the stream starts after it. */
  lastEventId: string | null;
  /** Each message of the stream: its id, and its event (null for an id alone). */
  onEvent(id: string | undefined, event: LiveEvent | null): void;
  onState(state: LiveState): void;
}

export interface ShareDeps {
  /** navigator.locks, or null where the browser has none. */
  locks: Pick<LockManager, 'request'> | null;
  /** A channel named `name`, or null where the browser has none. */
  openChannel: ((name: string) => ShareChannel) | null;
  /** Opens the stream; the answer closes it. */
  connect(hooks: StreamHooks | null): () => void;
  /** This tab's subscribers, state and newest id (live-bus.ts, conditional-reads.ts). */
  emit(event: LiveEvent): void;
  setState(state: LiveState): void;
  noteSeq(id: string | undefined): void;
  newestSeq(): number | null;
}

export const LIVE_LOCK = 'console-live-stream';
export const LIVE_CHANNEL = 'console-live-events';

/** Joins the browser's one stream (leading it when no other tab does); the answer leaves it. */
export function shareLiveStream(deps: ShareDeps): () => void {
  const { locks, openChannel } = deps;
  if (!locks || !openChannel) return deps.connect(null);
  const channel = openChannel(LIVE_CHANNEL);
  const left = new AbortController();
  let leading = false;
  let state: LiveState = 'connecting';
  const note = (next: LiveState) => {
    state = next;
    deps.setState(next);
  };

  channel.onmessage = ({ data }) => {
    if (data.kind === 'ask') {
      if (leading) channel.postMessage({ kind: 'state', state });
    } else if (!leading && data.kind === 'state') {
      note(data.state);
    } else if (!leading && data.kind === 'event') {
      deps.noteSeq(data.id);
      if (data.event) deps.emit(data.event);
    }
  };
  // The stream's state as it is now, from the leading tab if there is one.
  channel.postMessage({ kind: 'ask' });

  locks
    .request(LIVE_LOCK, { signal: left.signal }, () => {
      leading = true;
      const newest = deps.newestSeq();
      const stop = deps.connect({
        lastEventId: newest === null ? null : String(newest),
        onEvent(id, event) {
          channel.postMessage({ kind: 'event', id, event });
        },
        onState(next) {
          state = next;
          channel.postMessage({ kind: 'state', state: next });
        },
      });
      // Held until this tab leaves (sign-out, the page closing): then the next tab leads.
      return new Promise<void>((release) => {
        const end = () => {
          stop();
          release();
        };
        if (left.signal.aborted) end();
        else left.signal.addEventListener('abort', end, { once: true });
      });
    })
    // Left while still waiting for the lock: nothing to close.
    .catch(() => {});

  return () => {
    left.abort();
    channel.onmessage = null;
    channel.close();
  };
}
