import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../test/build';
import { startJobQueue, type JobQueue } from './queue';

let t: TestContext;
let queue: JobQueue;
beforeAll(async () => {
  t = await build({ seed: false });
  queue = await startJobQueue(
    t.database,
    [{ name: 'test-sync', expireInSeconds: 60, retryLimit: 0, retryDelaySeconds: 1 }],
    t.app.log,
  );
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

describe('the job queue (pg-boss on this engine)', () => {
  it('queues one job per singleton key and runs it in a worker', async () => {
    const first = await queue.send('test-sync', { companyId: 7 }, { singletonKey: '7' });
    const second = await queue.send('test-sync', { companyId: 7 }, { singletonKey: '7' });
    const other = await queue.send('test-sync', { companyId: 8 }, { singletonKey: '8' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull(); // one already waiting for company 7
    expect(other).toEqual(expect.any(String));
    const seen: number[] = [];
    await new Promise<void>((resolve) => {
      void queue.work<{ companyId: number }>('test-sync', async ({ companyId }) => {
        seen.push(companyId);
        if (seen.length === 2) resolve();
      });
    });
    expect(seen.sort()).toEqual([7, 8]);
  });
});

describe('the job queue set-up', () => {
  it('starts in several processes at once (each on its own connections) without a deadlock', async () => {
    // New queues, so each start creates their tables and constraints: the step two API processes
    // starting together against one server used to deadlock in.
    const queues = ['a', 'b', 'c'].map((name) => ({
      name: `set-up-${name}-${Date.now()}`,
      expireInSeconds: 60,
      retryLimit: 0,
      retryDelaySeconds: 1,
    }));
    const started = await Promise.all([1, 2, 3].map(() => startJobQueue(t.database, queues, t.app.log)));
    try {
      for (const queue of queues) expect(await started[0]!.send(queue.name, {})).toEqual(expect.any(String));
    } finally {
      await Promise.all(started.map((each) => each.stop()));
    }
  });
});
