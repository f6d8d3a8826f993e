import type { Page } from '@playwright/test';

/**
 * Keeps the page's live event stream closed (each attempt aborted; the page then shows itself
 * offline, which blocks nothing). The stream is a streaming fetch that never ends, so a test that
 * waits for the network to be idle would otherwise wait forever.
 */
export async function withoutLiveStream(page: Page): Promise<void> {
  await page.route('**/api/events', (route) => route.abort());
}

/** What the page's own stream delivered: each event's type, id and data. */
export interface TappedEvent {
  event: string;
  id: string | null;
  data: Record<string, unknown>;
}

/**
 * Records every event the page's live stream receives (the console's own connection, with the
 * signed-in person's token) in `window.liveEventsSeen`, by teeing the body of each GET /api/events
 * the page's fetch answers. Call before the page loads.
 */
export async function tapLiveStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ event: string; id: string | null; data: unknown }> = [];
    Object.assign(window, { liveEventsSeen: seen });
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await original(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!new URL(url, location.href).pathname.startsWith('/api/events') || !response.body) return response;
      const [mine, theirs] = response.body.tee();
      void (async () => {
        const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            const field = (name: string) =>
              lines
                .find((line) => line.startsWith(`${name}:`))
                ?.slice(name.length + 1)
                .trim() ?? null;
            const data = field('data');
            if (data === null) continue;
            seen.push({ event: field('event') ?? 'message', id: field('id'), data: JSON.parse(data) });
          }
        }
      })().catch(() => {});
      return new Response(theirs, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  });
}

/** The events the page's stream has received so far (tapLiveStream). */
export function liveEventsSeen(page: Page): Promise<TappedEvent[]> {
  return page.evaluate(() => (window as unknown as { liveEventsSeen?: TappedEvent[] }).liveEventsSeen ?? []);
}
