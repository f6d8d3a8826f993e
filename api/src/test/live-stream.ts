/** The live event stream as a browser's streaming fetch reads it, for the API's tests. */
import { expect } from 'vitest';

export interface Received {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/** Fields of the blocks without data (the start's id, `retry:`), in order. */
export interface StreamControl {
  id?: string;
  retry?: string;
}

/** An open stream of `token` on the API at `base`, read as the browser's streaming fetch reads it. */
export async function openEventStream(base: string, token: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const received: Received[] = [];
  const control: StreamControl[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
          }
          if (!fields.has('data')) {
            if (fields.size > 0) control.push(Object.fromEntries(fields) as StreamControl);
            continue;
          }
          received.push({
            id: fields.get('id') ?? null,
            event: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
          });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return { received, control, ended, close: () => controller.abort() };
}

/** Polls `check` until it answers something, for up to `ms`. */
export async function until<T>(check: () => T | undefined | false, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
