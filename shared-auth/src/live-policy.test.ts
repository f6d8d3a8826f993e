import { EMPTY_APPROVAL_STATS, APPROVAL_LIVE_POLICY } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import type { LiveChange, LiveEvent } from './live-bus';
import {
  concernsEntities,
  concernsRecord,
  createLiveFolder,
  LIVE_ANSWER_WAIT_MAX_MS,
  listReaction,
  carriedFigures,
  LIVE_FOLD_MAX_EVENTS,
  patchRows,
  relatedToReRead,
  type LiveBatch,
} from './live-policy';
import { parseLiveChange } from './live-parse';
import { liveChange } from './testing/live-change';

const change = (entity: string, id: string) => liveChange(entity, id);

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
      ({ latest }) => fired.push(latest.type === 'change' ? latest.id : '*'),
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

  it('spreads the answers of many views over the jitter', () => {
    const clock = manualClock();
    const firedAt: number[] = [];
    const start = clock.now();
    for (const draw of [0, 0.5, 0.999]) {
      const folder = createLiveFolder<LiveEvent>(() => firedAt.push(clock.now() - start), {
        intervalMs: 1000,
        jitterMs: 300,
        random: () => draw,
        ...clock,
      });
      folder.push(change('approval', 'a'));
    }
    for (let ms = 0; ms < 400; ms += 1) clock.advance(1);
    expect(firedAt).toEqual([1, 150, 299]);
  });

  it("answers again only once the last answer's re-read has settled, or after the longest wait", async () => {
    const clock = manualClock();
    const fired: string[] = [];
    const reads: Array<() => void> = [];
    const folder = createLiveFolder<LiveEvent>(
      ({ latest }) => {
        fired.push(latest.type === 'change' ? latest.id : '*');
        return new Promise<void>((resolve) => reads.push(resolve));
      },
      { intervalMs: 1000, ...clock },
    );
    folder.push(change('approval', 'a'));
    clock.advance(0);
    folder.push(change('approval', 'b'));
    folder.push(change('approval', 'c'));
    // The server is slow: the interval passes with the first re-read still under way; no second ask.
    clock.advance(3000);
    expect(fired).toEqual(['a']);
    // It answers: the events of the meantime are answered at once, as one.
    reads[0]!();
    await Promise.resolve();
    clock.advance(0);
    expect(fired).toEqual(['a', 'c']);
    // A re-read that never settles holds the view no longer than the longest wait.
    folder.push(change('approval', 'd'));
    clock.advance(LIVE_ANSWER_WAIT_MAX_MS - 1);
    expect(fired).toEqual(['a', 'c']);
    clock.advance(1);
    clock.advance(0);
    expect(fired).toEqual(['a', 'c', 'd']);
  });

  it('answers nothing once disposed', () => {
    const clock = manualClock();
    const fired: LiveEvent[] = [];
    const folder = createLiveFolder<LiveEvent>(({ latest }) => fired.push(latest), {
      intervalMs: 1000,
      ...clock,
    });
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

describe('what a list re-reads after a batch of events', () => {
  const decided = (id: string, kind = 'approval.approve') => liveChange('approval', id, kind);
  const batch = (...events: LiveEvent[]): LiveBatch<LiveEvent> => ({
    latest: events[events.length - 1]!,
    events,
    overflowed: false,
  });
  const policy = {
    inPlaceKinds: ['approval.approve', 'approval.reject'],
    stableKeys: ['createdAt', 'companyId'],
  };
  const view = (request: Record<string, unknown>, visible: string[] = ['a', 'b']) => ({
    entities: ['approval'],
    visibleIds: new Set(visible),
    request: { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc', ...request },
    policy,
  });

  it('a decision of a row on no page it shows re-reads only the figures', () => {
    expect(listReaction(batch(decided('z')), view({}))).toBe('related');
    expect(listReaction(batch(decided('z')), view({ companyId: '4' }))).toBe('related');
  });

  it('a change of a row on the page re-reads the page', () => {
    expect(listReaction(batch(decided('z'), decided('a')), view({}))).toBe('all');
  });

  it('a change that may add or remove rows, or one the policy does not know, re-reads the page', () => {
    expect(listReaction(batch(decided('z', 'approval.create')), view({}))).toBe('all');
    expect(listReaction(batch(decided('z', 'approval.delete')), view({}))).toBe('all');
  });

  it('a page filtered or sorted by what a decision moves re-reads', () => {
    expect(listReaction(batch(decided('z')), view({ status: 'PENDING' }))).toBe('all');
    expect(listReaction(batch(decided('z')), view({ sortBy: 'status' }))).toBe('all');
    expect(listReaction(batch(decided('z')), view({ search: 'acme' }))).toBe('all');
    // Empty filters are no filters.
    expect(listReaction(batch(decided('z')), view({ status: '', search: undefined }))).toBe('related');
  });

  it('a resync, a burst too long to keep, or a list without a policy re-reads the page', () => {
    expect(listReaction(batch({ type: 'resync' }), view({}))).toBe('all');
    expect(listReaction({ ...batch(decided('z')), events: [], overflowed: true }, view({}))).toBe('all');
    expect(listReaction(batch(decided('z')), { ...view({}), policy: undefined })).toBe('all');
  });

  it('events of other entities change nothing', () => {
    expect(listReaction(batch(change('company', '1')), view({}))).toBe('none');
  });

  it('a folder hands over every event of a burst, and only that a burst overflowed past the cap', () => {
    const clock = manualClock();
    const batches: LiveBatch<LiveEvent>[] = [];
    const folder = createLiveFolder<LiveEvent>((b) => batches.push(b), { intervalMs: 1000, ...clock });
    folder.push(decided('a'));
    clock.advance(0);
    folder.push(decided('b'));
    folder.push(decided('c'));
    clock.advance(1000);
    expect(batches.map((b) => b.events.map((e) => (e.type === 'change' ? e.id : '*')))).toEqual([
      ['a'],
      ['b', 'c'],
    ]);
    for (let i = 0; i <= LIVE_FOLD_MAX_EVENTS; i += 1) folder.push(decided(String(i)));
    clock.advance(1000);
    expect(batches[2]).toMatchObject({ overflowed: true, events: [] });
  });
});

describe("writing an event's status to the row on screen", () => {
  const policy = { inPlaceKinds: ['approval.approve'], stableKeys: [], statusField: 'status' };
  const view = { entities: ['approval'], policy };
  const rows = [
    { id: 'a', status: 'PENDING', amount: 1 },
    { id: 'b', status: 'PENDING', amount: 2 },
  ];
  const approved = (id: string, kind = 'approval.approve'): LiveChange => ({
    ...liveChange('approval', id, kind),
    status: 'APPROVED',
  });

  it('sets the status of the row the event names and leaves the others and the rest of it', () => {
    const patched = patchRows(rows, approved('b'), view);
    expect(patched).toEqual([rows[0], { id: 'b', status: 'APPROVED', amount: 2 }]);
    expect(patched![0]).toBe(rows[0]);
    expect(rows[1]!.status).toBe('PENDING');
  });

  it('changes nothing for a row not on the page, an unchanged status, an event without status', () => {
    expect(patchRows(rows, approved('z'), view)).toBeNull();
    expect(patchRows([{ id: 'b', status: 'APPROVED' }], approved('b'), view)).toBeNull();
    expect(patchRows(rows, liveChange('approval', 'b', 'approval.approve'), view)).toBeNull();
  });

  it('leaves it to the re-read for a kind that may move the row, another entity or no policy field', () => {
    expect(patchRows(rows, approved('b', 'approval.update'), view)).toBeNull();
    expect(patchRows(rows, { ...approved('b'), entity: 'company' }, view)).toBeNull();
    expect(
      patchRows(rows, approved('b'), { ...view, policy: { ...policy, statusField: undefined } }),
    ).toBeNull();
    expect(patchRows(rows, { type: 'resync' }, view)).toBeNull();
  });

  it('matches ids whatever they look like', () => {
    expect(patchRows([{ id: 7, status: 'PENDING' }], approved('7'), view)).toEqual([
      { id: 7, status: 'APPROVED' },
    ]);
  });
});

describe('figures an event brings', () => {
  const stats = { ...EMPTY_APPROVAL_STATS, total: 12, pending: 5 };
  const view = { entities: ['approval'], policy: APPROVAL_LIVE_POLICY };
  const decided = (id: string, figures?: LiveChange['figures']): LiveChange => ({
    ...liveChange('approval', id, 'approval.approve'),
    status: 'APPROVED',
    ...(figures ? { figures } : {}),
  });
  const batch = (...events: LiveEvent[]): LiveBatch<LiveEvent> => ({
    latest: events[events.length - 1]!,
    events,
    overflowed: false,
  });

  it('an event with the stat cards writes them and leaves nothing of them to re-read', () => {
    const event = decided('z', { approvalStats: stats });
    expect(carriedFigures(event, view)).toEqual([['stats', stats]]);
    expect(relatedToReRead(batch(event), ['stats'], view)).toEqual([]);
    // Whether the page is re-read is listReaction's: a row on the page still re-reads it.
    expect(listReaction(batch(event), { ...view, visibleIds: new Set(['z']), request: {} })).toBe('all');
  });

  it('the latest event of a burst decides: its figures cover the earlier changes', () => {
    expect(
      relatedToReRead(batch(decided('a'), decided('b', { approvalStats: stats })), ['stats'], view),
    ).toEqual([]);
    expect(
      relatedToReRead(batch(decided('a', { approvalStats: stats }), decided('b')), ['stats'], view),
    ).toEqual(['stats']);
  });

  it('an event without figures, a resync, another entity or a list that names none re-reads them', () => {
    expect(carriedFigures(decided('z'), view)).toEqual([]);
    expect(relatedToReRead(batch(decided('z')), ['stats'], view)).toEqual(['stats']);
    expect(relatedToReRead(batch({ type: 'resync' }), ['stats'], view)).toEqual(['stats']);
    const company = { ...decided('z', { approvalStats: stats }), entity: 'company' };
    expect(carriedFigures(company, view)).toEqual([]);
    const noFigures = { ...view, policy: { inPlaceKinds: [], stableKeys: [] } };
    expect(carriedFigures(decided('z', { approvalStats: stats }), noFigures)).toEqual([]);
    expect(relatedToReRead(batch(decided('z', { approvalStats: stats })), ['stats'], noFigures)).toEqual([
      'stats',
    ]);
  });

  it("takes an event's data only as the schema has it", () => {
    const sent = { ...decided('z', { approvalStats: stats }), type: undefined, extra: 'dropped' };
    const parsed = parseLiveChange(JSON.stringify(sent));
    expect(parsed).toEqual(decided('z', { approvalStats: stats }));
    expect(parseLiveChange('{not json')).toBeNull();
    expect(
      parseLiveChange(JSON.stringify({ ...sent, figures: { approvalStats: { total: 'many' } } })),
    ).toBeNull();
    expect(parseLiveChange(JSON.stringify({ ...sent, id: 7 }))).toBeNull();
  });
});
