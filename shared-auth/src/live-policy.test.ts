import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './live-bus';
import { concernsEntities, concernsRecord, createLiveFolder } from './live-policy';

const change = (entity: string, id: string): LiveEvent => ({
  type: 'change',
  kind: `${entity}.update`,
  entity,
  id,
  status: null,
  version: null,
  actorId: 1,
  at: '2026-11-29T12:00:00.000Z',
});

/** A clock and timers the test moves by hand. */
function manualClock() {
  let time = 10_000;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      timers.set(next, { at: time + ms, run });
      return next++;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      time += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= time) {
          timers.delete(id);
          timer.run();
        }
      }
    },
    get waiting() {
      return timers.size;
    },
  };
}

describe('which events concern a view', () => {
  it('a view of entities takes their changes and a resync, nothing else', () => {
    expect(concernsEntities(change('approval', '1'), ['approval'])).toBe(true);
    expect(concernsEntities(change('company', '1'), ['approval'])).toBe(false);
    expect(concernsEntities({ type: 'resync' }, ['approval'])).toBe(true);
    expect(concernsEntities(change('company', '1'), null)).toBe(true);
  });

  it('a record takes its own changes, whatever the id looks like, and a resync', () => {
    expect(concernsRecord(change('company', '42'), 'company', 42)).toBe(true);
    expect(concernsRecord(change('company', '43'), 'company', 42)).toBe(false);
    expect(concernsRecord(change('user', '42'), 'company', 42)).toBe(false);
    expect(concernsRecord({ type: 'resync' }, 'company', 42)).toBe(true);
  });
});

describe('folding a burst of events', () => {
  it('answers the first at once, then the latest of a burst once at the end of the interval', () => {
    const clock = manualClock();
    const fired: string[] = [];
    const folder = createLiveFolder<LiveEvent>(
      (event) => fired.push(event.type === 'change' ? event.id : '*'),
      {
        intervalMs: 1000,
        ...clock,
      },
    );
    folder.push(change('approval', 'a'));
    clock.advance(0);
    expect(fired).toEqual(['a']);
    folder.push(change('approval', 'b'));
    folder.push(change('approval', 'c'));
    clock.advance(999);
    expect(fired).toEqual(['a']);
    clock.advance(1);
    expect(fired).toEqual(['a', 'c']);
    // Quiet for longer than the interval: the next one is answered at once again.
    clock.advance(5000);
    folder.push(change('approval', 'd'));
    clock.advance(0);
    expect(fired).toEqual(['a', 'c', 'd']);
  });

  it('answers nothing once disposed', () => {
    const clock = manualClock();
    const fired: LiveEvent[] = [];
    const folder = createLiveFolder<LiveEvent>((event) => fired.push(event), { intervalMs: 1000, ...clock });
    folder.push(change('approval', 'a'));
    clock.advance(0);
    folder.push(change('approval', 'b'));
    folder.dispose();
    expect(clock.waiting).toBe(0);
    clock.advance(2000);
    folder.push(change('approval', 'c'));
    clock.advance(2000);
    expect(fired).toHaveLength(1);
  });
});
