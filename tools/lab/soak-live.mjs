// The live console's streams in `pnpm test:soak`: N clients hold GET /api/events open across the API
// processes for the whole run, reconnecting as the browser does (after half a second, to the next
// process, with the Last-Event-ID of the last id they saw) through the API restart and the
// PostgreSQL outage. Afterwards every acknowledged decision must have reached every stream, live or
// replayed on a reconnect.

const DECISION_KINDS = new Set(['approval.approve', 'approval.reject']);
const RETRY_MS = 500;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `count` streams over `ports` with `token`; resolves once each has connected once. */
export async function startLiveStreams({ count, ports, token }) {
  let stopped = false;
  const controllers = new Set();
  const streams = Array.from({ length: count }, (_, index) => ({
    index,
    lastId: null,
    connects: 0,
    refused: 0,
    errors: 0,
    resyncs: 0,
    decided: new Map(), // approval id → status, from the stream
  }));

  async function run(stream) {
    for (let attempt = 0; !stopped; attempt += 1) {
      const port = ports[(stream.index + attempt) % ports.length];
      const controller = new AbortController();
      controllers.add(controller);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'text/event-stream',
            ...(stream.lastId === null ? {} : { 'Last-Event-ID': stream.lastId }),
          },
          signal: controller.signal,
        });
        if (response.status !== 200) {
          stream.refused += 1;
          await response.body?.cancel();
        } else {
          stream.connects += 1;
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of response.body) {
            buffer += decoder.decode(chunk, { stream: true });
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const lines = buffer.slice(0, end).split('\n');
              buffer = buffer.slice(end + 2);
              const field = (name) =>
                lines
                  .find((line) => line.startsWith(`${name}:`))
                  ?.slice(name.length + 1)
                  .trim() ?? null;
              const id = field('id');
              if (id !== null) stream.lastId = id;
              const event = field('event');
              if (event === 'resync') stream.resyncs += 1;
              const data = field('data');
              if (event !== 'change' || data === null) continue;
              const change = JSON.parse(data);
              if (DECISION_KINDS.has(change.kind)) stream.decided.set(change.id, change.status);
            }
          }
        }
      } catch {
        if (!stopped) stream.errors += 1;
      } finally {
        controllers.delete(controller);
      }
      if (!stopped) await sleep(RETRY_MS);
    }
  }

  const running = streams.map((stream) => run(stream));
  for (const deadline = Date.now() + 60_000; streams.some((stream) => stream.connects === 0);) {
    if (Date.now() > deadline) throw new Error('the live streams did not all connect within 60 s');
    await sleep(100);
  }

  return {
    /**
     * Waits (up to `waitMs`) until every stream has every acknowledged decision, then stops them and
     * answers the figures and the failures.
     */
    async finish(decisions, waitMs = 15_000) {
      const expected = [...decisions.entries()].filter(([, list]) => list.length > 0);
      const missingOf = (stream) => expected.filter(([id]) => !stream.decided.has(id)).length;
      for (const deadline = Date.now() + waitMs; Date.now() < deadline; await sleep(200)) {
        if (streams.every((stream) => missingOf(stream) === 0)) break;
      }
      stopped = true;
      for (const controller of controllers) controller.abort();
      await Promise.allSettled(running);
      const missing = streams.map(missingOf);
      const wrong = streams.reduce(
        (sum, stream) =>
          sum +
          expected.filter(([id, list]) => stream.decided.has(id) && stream.decided.get(id) !== list[0])
            .length,
        0,
      );
      const resynced = streams.filter((stream) => stream.resyncs > 0).length;
      const failures = [];
      const short = missing.filter((n) => n > 0).length;
      if (short > 0)
        failures.push(
          `${short} of ${streams.length} live streams missed decisions (at most ${Math.max(...missing)} of ${expected.length})`,
        );
      if (wrong > 0)
        failures.push(`${wrong} decision events carried another status than the one acknowledged`);
      if (resynced > 0)
        failures.push(`${resynced} live streams were told to resync (the log should have covered the gap)`);
      return {
        figures: [
          ['live streams / decisions each must have', `${streams.length} / ${expected.length}`],
          ['live stream (re)connections', streams.reduce((sum, stream) => sum + stream.connects, 0)],
          [
            'live stream refusals / errors while reconnecting',
            `${streams.reduce((sum, stream) => sum + stream.refused, 0)} / ${streams.reduce((sum, stream) => sum + stream.errors, 0)}`,
          ],
        ],
        ok: failures.length === 0,
        failures,
      };
    },
  };
}
