// Handing a read of the log to every open stream: each stream gets every event in order, and a
// burst to many streams lets the event loop take what arrived meanwhile instead of holding it until
// the last write.
import { describe, expect, it } from 'vitest';
import { fanOut, type LiveSubscriber } from './live.hub';
import type { LiveEventRow } from './live.service';

function events(count: number): LiveEventRow[] {
  return Array.from({ length: count }, (_, index) => ({ seq: index + 1 }) as LiveEventRow);
}

function recorders(count: number, written: { count: number }) {
  return Array.from({ length: count }, () => {
    const seen: number[] = [];
    const subscriber: LiveSubscriber = {
      deliver(event) {
        seen.push(event.seq);
        written.count += 1;
      },
      end() {},
    };
    return { seen, subscriber };
  });
}

describe('fanOut', () => {
  it('hands every event to every subscriber, each in the order read', async () => {
    const written = { count: 0 };
    const streams = recorders(5, written);
    await fanOut(
      events(4),
      streams.map((stream) => stream.subscriber),
      3,
    );
    for (const { seen } of streams) expect(seen).toEqual([1, 2, 3, 4]);
    expect(written.count).toBe(20);
  });

  it('lets the event loop run between chunks of writes, not only after the last', async () => {
    const written = { count: 0 };
    const streams = recorders(10, written);
    // What a request arriving during the burst would see when the loop first gets to it.
    let writtenWhenTheLoopRan = -1;
    const delivered = fanOut(
      events(3),
      streams.map((stream) => stream.subscriber),
      4,
    );
    setImmediate(() => {
      writtenWhenTheLoopRan = written.count;
    });
    await delivered;
    expect(written.count).toBe(30);
    expect(writtenWhenTheLoopRan).toBeGreaterThan(0);
    expect(writtenWhenTheLoopRan).toBeLessThan(30);
  });
});
