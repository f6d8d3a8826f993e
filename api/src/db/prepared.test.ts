import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { literalCount, preparedQuery } from './prepared';

describe('preparedQuery', () => {
  it('builds a query once per database handle and shape', () => {
    let built = 0;
    const build = () => {
      built += 1;
      return { prepare: () => ({ id: built }) };
    };
    const one = {} as Db;
    const other = {} as Db;
    const first = preparedQuery(one, 'a', build);
    expect(preparedQuery(one, 'a', build)).toBe(first);
    expect(preparedQuery(one, 'b', build)).not.toBe(first);
    expect(preparedQuery(other, 'a', build)).not.toBe(first);
    expect(built).toBe(3);
  });

  it('writes only whole non-negative counts into SQL', () => {
    expect(() => literalCount(10)).not.toThrow();
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => literalCount(bad)).toThrow();
    }
  });
});
