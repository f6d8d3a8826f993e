import { describe, expect, it } from 'vitest';
import { isRetryableConflict, retryOnConflict } from './errors';

/** As Drizzle throws a driver error: the SQLSTATE on its cause. */
const failure = (code: string) => Object.assign(new Error('Failed query: update …'), { cause: { code } });
const noPause = async () => {};

describe('retryOnConflict', () => {
  it('runs a transaction the database rolled back for a deadlock or a serialization conflict again', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const result = await retryOnConflict(
        async () => {
          runs += 1;
          if (runs < 3) throw failure(code);
          return 'decided';
        },
        3,
        noPause,
      );
      expect(result).toBe('decided');
      expect(runs).toBe(3);
    }
  });

  it('gives up after its attempts, with the database’s error', async () => {
    let runs = 0;
    const deadlock = failure('40P01');
    await expect(
      retryOnConflict(
        async () => {
          runs += 1;
          throw deadlock;
        },
        3,
        noPause,
      ),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(3);
  });

  it('never runs again on any other error', async () => {
    for (const error of [failure('23505'), failure('57014'), new Error('a refusal')]) {
      let runs = 0;
      await expect(
        retryOnConflict(
          async () => {
            runs += 1;
            throw error;
          },
          3,
          noPause,
        ),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
    expect(isRetryableConflict(undefined)).toBe(false);
  });
});
