import { describe, expect, it } from 'vitest';
import { peopleText } from './approval-policies';

describe("who may decide a step, in words (the chain's 'Waiting for', the simulator's people)", () => {
  it('names everyone the API listed when it listed them all', () => {
    expect(peopleText(['Uma User'], 1)).toBe('Uma User');
    expect(peopleText(['A', 'B', 'C', 'D', 'E', 'F'], 6)).toBe('A, B, C, D, E, F');
  });

  it('names five and counts the rest from the total, not from the names listed', () => {
    expect(peopleText(['A', 'B', 'C', 'D', 'E', 'F'], 12)).toBe('A, B, C, D, E and 7 more');
    expect(peopleText(['A', 'B', 'C', 'D', 'E', 'F'], 1207)).toBe('A, B, C, D, E and 1,202 more');
  });
});
