import { describe, expect, it } from 'vitest';
import type { LiveEvent, LiveState } from './live-bus';
import {
  shareLiveStream,
  type ShareChannel,
  type ShareDeps,
  type ShareMessage,
  type StreamHooks,
} from './live-share';

/** The browser's Web Locks, as far as shareLiveStream uses them: one holder at a time, in order. */
function fakeLocks() {
  let held = false;
  const waiting: Array<() => void> = [];
  return {
    request(_name: string, options: { signal?: AbortSignal }, run: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const start = () => {
          held = true;
          void run().then(() => {
            held = false;
            resolve();
            waiting.shift()?.();
          });
        };
        if (!held) return start();
        waiting.push(start);
        options.signal?.addEventListener('abort', () => {
          const at = waiting.indexOf(start);
          if (at >= 0) waiting.splice(at, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  } as unknown as Pick<LockManager, 'request'>;
}

/** BroadcastChannel: a message reaches every other open channel of the name, never its sender. */
function fakeChannels() {
  const open = new Set<ShareChannel>();
  return (_name: string): ShareChannel => {
    const channel: ShareChannel = {
      onmessage: null,
      postMessage(message: ShareMessage) {
        for (const other of open) {
          if (other !== channel) other.onmessage?.(new MessageEvent('message', { data: message }));
        }
      },
      close() {
        open.delete(channel);
      },
    };
    open.add(channel);
    return channel;
  };
}

const change = (id: string): LiveEvent => ({
  type: 'change',
  entity: 'approval',
  id,
  kind: 'approval.approve',
  status: 'APPROVED',
  version: null,
  actorId: 1,
  at: '2026-11-29T10:00:00.000Z',
});

/** One tab: what its pages were handed, its state, its newest id and the streams it opened. */
function tab(locks: ShareDeps['locks'], openChannel: ShareDeps['openChannel'], streams: StreamHooks[]) {
  const seen: LiveEvent[] = [];
  const states: LiveState[] = [];
  let newest: number | null = null;
  let closed = 0;
  const leave = shareLiveStream({
    locks,
    openChannel,
    connect(hooks) {
      if (hooks) streams.push(hooks);
      return () => {
        closed += 1;
      };
    },
    emit: (event) => seen.push(event),
    setState: (state) => states.push(state),
    noteSeq: (id) => {
      if (id) newest = Math.max(newest ?? 0, Number(id));
    },
    newestSeq: () => newest,
  });
  return { seen, states, leave, closedStreams: () => closed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('shareLiveStream: one stream for the tabs of one browser', () => {
  it('the first tab holds the stream; the others get every event and the stream’s state from it', async () => {
    const streams: StreamHooks[] = [];
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const first = tab(locks, channels, streams);
    const others = [tab(locks, channels, streams), tab(locks, channels, streams)];
    await settle();
    expect(streams).toHaveLength(1);
    const stream = streams[0]!;
    stream.onState('live');
    stream.onEvent('41', null);
    stream.onEvent('42', change('a1'));
    for (const other of others) {
      expect(other.states.at(-1)).toBe('live');
      expect(other.seen).toEqual([change('a1')]);
    }
    // The leading tab's own pages are handed its events by the stream itself, not the channel.
    expect(first.seen).toEqual([]);
  });

  it('when the leading tab leaves, another takes the stream over from the newest event it saw', async () => {
    const streams: StreamHooks[] = [];
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const first = tab(locks, channels, streams);
    const second = tab(locks, channels, streams);
    await settle();
    streams[0]!.onEvent('57', change('a2'));
    first.leave();
    await settle();
    expect(first.closedStreams()).toBe(1);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.lastEventId).toBe('57');
    // And it now hands its events to a tab opened later.
    const third = tab(locks, channels, streams);
    streams[1]!.onEvent('58', change('a3'));
    expect(third.seen).toEqual([change('a3')]);
    expect(second.seen).toEqual([change('a2')]);
  });

  it('a tab opened later is told the stream’s state at once', async () => {
    const streams: StreamHooks[] = [];
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    tab(locks, channels, streams);
    await settle();
    streams[0]!.onState('reconnecting');
    const late = tab(locks, channels, streams);
    expect(late.states).toEqual(['reconnecting']);
  });

  it('a tab that leaves while waiting never opens a stream', async () => {
    const streams: StreamHooks[] = [];
    const [locks, channels] = [fakeLocks(), fakeChannels()];
    const first = tab(locks, channels, streams);
    const waiting = tab(locks, channels, streams);
    await settle();
    waiting.leave();
    first.leave();
    await settle();
    expect(streams).toHaveLength(1);
  });

  it('without Web Locks or BroadcastChannel each tab holds a stream of its own', () => {
    let opened = 0;
    const deps = (locks: ShareDeps['locks'], openChannel: ShareDeps['openChannel']): ShareDeps => ({
      locks,
      openChannel,
      connect(hooks) {
        expect(hooks).toBeNull();
        opened += 1;
        return () => {};
      },
      emit: () => {},
      setState: () => {},
      noteSeq: () => {},
      newestSeq: () => null,
    });
    shareLiveStream(deps(null, fakeChannels()));
    shareLiveStream(deps(fakeLocks(), null));
    expect(opened).toBe(2);
  });
});
