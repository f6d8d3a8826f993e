// Every action the API records has words in the audit log: a new action without a label in
// AUDIT_ACTION_LABELS would show as a made-up phrase, so it fails here instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTION_LABELS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';

const SOURCE = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('audit action labels', () => {
  it('name every action the API records', () => {
    const actions = new Set(
      sourceFiles(SOURCE).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/action: '([a-z_]+(?:\.[a-z_]+)+)'/g)].map(
          (match) => match[1]!,
        ),
      ),
    );
    expect(actions.size).toBeGreaterThan(50);
    expect([...actions].filter((action) => !(action in AUDIT_ACTION_LABELS)).sort()).toEqual([]);
  });
});
