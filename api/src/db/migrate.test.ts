import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
}

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

// Migrations are written by hand (drizzle/README.md): these are the rules the migrator relies on
// and nothing else would check until a database silently skipped one.
describe('the migrations journal', () => {
  it('names every SQL file once, and only files that exist', () => {
    const files = readdirSync(MIGRATIONS_FOLDER)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.slice(0, -'.sql'.length))
      .sort();
    const tags = journal.entries.map((entry) => entry.tag);
    expect(new Set(tags).size).toBe(tags.length);
    expect([...tags].sort()).toEqual(files);
  });

  it('lists them in order, each `when` later than the one before (an earlier one is skipped on existing databases)', () => {
    for (const [index, entry] of journal.entries.entries()) {
      const previous = journal.entries[index - 1];
      if (!previous) continue;
      expect(entry.when, entry.tag).toBeGreaterThan(previous.when);
      expect(entry.tag > previous.tag, entry.tag).toBe(true);
      expect(entry.idx, entry.tag).toBeGreaterThan(previous.idx);
    }
  });

  it('numbers each entry as its file', () => {
    for (const entry of journal.entries) {
      expect(entry.tag, String(entry.idx)).toMatch(
        new RegExp(`^${String(entry.idx).padStart(4, '0')}_[a-z0-9_]+$`),
      );
    }
  });

  it('splits every file at statement breakpoints', () => {
    for (const entry of journal.entries) expect(entry.breakpoints, entry.tag).toBe(true);
  });
});
