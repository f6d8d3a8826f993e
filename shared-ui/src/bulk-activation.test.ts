import { describe, expect, it, vi } from 'vitest';
import { activationAction, bulkActivation } from './bulk-activation';
import type { BulkAction } from './bulk-runner';

const NOUN = { one: 'company', other: 'companies' };
const outcome = { succeeded: [1, 2], failed: [] };

describe('activationAction', () => {
  it('activates the selection with the usual notices', async () => {
    const setActive = vi.fn().mockResolvedValue(outcome);
    const action = activationAction(NOUN, true, setActive);
    expect(action.key).toBe('activated');
    expect(action.verb).toBe('activated');
    await action.run([1, 2]);
    expect(setActive).toHaveBeenCalledWith([1, 2], true);
    expect(action.success(1, outcome, 1)).toBe('Company activated successfully');
    expect(action.success(2, outcome, 2)).toBe('2 companies activated successfully');
    expect(action.failure).toBeUndefined();
  });

  it("deactivates, with the section's failure verb and notice when it has its own", () => {
    const failure = vi.fn((verb: string) => () => `could not be ${verb}`);
    const action = activationAction(NOUN, false, vi.fn(), { failedVerb: 'changed', failure });
    expect(action.key).toBe('deactivated');
    expect(action.verb).toBe('changed');
    expect(action.success(3, outcome, 3)).toBe('3 companies deactivated successfully');
    expect(action.failure?.(outcome, 3)).toBe('could not be deactivated');
  });
});

describe('bulkActivation', () => {
  it('gives Activate and Deactivate buttons that run their action over the selection', () => {
    const runs: BulkAction[] = [];
    const bulk = { run: vi.fn(async (action: BulkAction) => void runs.push(action)) };
    const buttons = bulkActivation(bulk, NOUN, vi.fn());
    expect(buttons.map((button) => [button.key, button.label])).toEqual([
      ['activated', 'Activate'],
      ['deactivated', 'Deactivate'],
    ]);
    buttons[1]!.onClick();
    buttons[0]!.onClick();
    expect(runs.map((action) => action.key)).toEqual(['deactivated', 'activated']);
  });
});
