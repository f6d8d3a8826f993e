import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeLiveEvents, liveStateAtom, type LiveEvent } from './live-bus';
import { connectLiveEvents } from './live-connection';
import { sessionStore } from './session-store';
import { tokenStorage } from './token-storage';
import { installFakeApi, ok, resetAll, type RecordedCall } from './testing/fake-api';

/** An event stream that sends `text` and stays open until the test ends it. */
function stream(text: string) {
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      close = () => controller.close();
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    close: () => close(),
  };
}

const CHANGE = {
  kind: 'approval.approve',
  entity: 'approval',
  id: 'a1',
  status: 'APPROVED',
  version: null,
  actorId: 2,
  at: '2026-01-01T00:00:00.000Z',
};

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

let stop = () => {};
beforeEach(() => resetAll());
afterEach(() => stop());

describe('connectLiveEvents', () => {
  it('sends the access token in the Authorization header and hands the events to subscribers', async () => {
    tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'r' });
    const open = stream(
      `id: 7\nevent: change\ndata: ${JSON.stringify(CHANGE)}\n\nid: 8\nevent: resync\ndata: {}\n\n`,
    );
    const { callsTo } = installFakeApi({ 'GET /api/events': () => open.response });
    const received: LiveEvent[] = [];
    const unsubscribe = subscribeLiveEvents((event) => received.push(event));
    stop = connectLiveEvents();

    await until(() => received.length === 2);
    unsubscribe();
    expect(received).toEqual([{ type: 'change', ...CHANGE }, { type: 'resync' }]);
    expect(sessionStore.get(liveStateAtom)).toBe('live');
    const call = callsTo('GET', '/api/events')[0]!;
    expect(call.headers.get('authorization')).toBe('Bearer access-1');
    expect(call.url.search).toBe('');
  });

  it('leading the browser’s tabs, starts after the newest event they saw and hands every message and state to them', async () => {
    tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'r' });
    const open = stream(`id: 12\n\nid: 13\nevent: change\ndata: ${JSON.stringify(CHANGE)}\n\n`);
    const { callsTo } = installFakeApi({ 'GET /api/events': () => open.response });
    const told: Array<[string | undefined, LiveEvent | null]> = [];
    const states: string[] = [];
    const received: LiveEvent[] = [];
    const unsubscribe = subscribeLiveEvents((event) => received.push(event));
    stop = connectLiveEvents({
      lastEventId: '11',
      onEvent: (id, event) => told.push([id, event]),
      onState: (state) => states.push(state),
    });

    await until(() => told.length === 2);
    unsubscribe();
    expect(callsTo('GET', '/api/events')[0]!.headers.get('last-event-id')).toBe('11');
    expect(told).toEqual([
      ['12', null],
      ['13', { type: 'change', ...CHANGE }],
    ]);
    expect(received).toEqual([{ type: 'change', ...CHANGE }]);
    expect(states).toContain('live');
  });

  it('after a 401 refreshes the token and reconnects with the new one, sending the last event id', async () => {
    tokenStorage.setTokens({ accessToken: 'old', refreshToken: 'r' });
    const calls: RecordedCall[] = [];
    const first = stream(`id: 5\nevent: change\ndata: ${JSON.stringify(CHANGE)}\n\n`);
    let attempt = 0;
    installFakeApi({
      'GET /api/events': (call) => {
        calls.push(call);
        attempt += 1;
        if (attempt === 1) return first.response;
        if (attempt === 2) return new Response(null, { status: 401 });
        return stream('').response;
      },
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'new', refreshToken: 'r2' } }),
    });
    stop = connectLiveEvents();
    await until(() => calls.length === 1);
    // The server ends the stream (say, at its lifetime): the client comes back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.close();
    await until(() => calls.length === 3);
    expect(calls[1]!.headers.get('last-event-id')).toBe('5');
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer old');
    expect(calls[2]!.headers.get('authorization')).toBe('Bearer new');
    expect(calls[2]!.headers.get('last-event-id')).toBe('5');
  }, 10_000);

  it('keeps the id the server starts a stream with (no data) and sends it when it reconnects', async () => {
    tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'r' });
    const calls: RecordedCall[] = [];
    const first = stream(': live\n\nid: 41\n\n');
    installFakeApi({
      'GET /api/events': (call) => {
        calls.push(call);
        return calls.length === 1 ? first.response : stream('').response;
      },
    });
    const received: LiveEvent[] = [];
    const unsubscribe = subscribeLiveEvents((event) => received.push(event));
    stop = connectLiveEvents();
    await until(() => calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The API restarts: the stream ends before any event reached this tab.
    first.close();
    await until(() => calls.length === 2);
    unsubscribe();
    expect(calls[0]!.headers.get('last-event-id')).toBeNull();
    expect(calls[1]!.headers.get('last-event-id')).toBe('41');
    expect(received).toEqual([]);
  }, 10_000);
});
