import { describe, expect, it } from 'vitest';
import { waitingText } from './waiting-text';

describe("an open step's 'Waiting for'", () => {
  it('names everyone the API listed when it listed them all', () => {
    expect(waitingText(['Uma User'], 1)).toBe('Uma User');
    expect(waitingText(['A', 'B', 'C', 'D', 'E', 'F'], 6)).toBe('A, B, C, D, E, F');
  });

  it('names five and counts the rest from the total, not from the names listed', () => {
    expect(waitingText(['A', 'B', 'C', 'D', 'E', 'F'], 12)).toBe('A, B, C, D, E and 7 more');
    expect(waitingText(['A', 'B', 'C', 'D', 'E', 'F'], 1207)).toBe('A, B, C, D, E and 1,202 more');
  });
});
