/**
 * Writes the access table (src/http/access-table.ts) into docs/access.md between its markers:
 * `pnpm --filter api access:readme`. src/access-matrix.test.ts fails while the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { README_END, README_START, renderAccessTable } from './access-table';

export const README_PATH = fileURLToPath(new URL('../../../docs/access.md', import.meta.url));

/** The README's table section as it stands, or null when its markers are missing. */
export function readmeAccessTable(readme: string): string | null {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) return null;
  return readme.slice(start + README_START.length, end).trim();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readme = readFileSync(README_PATH, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start)
    throw new Error(`${README_PATH} lacks the markers ${README_START} … ${README_END}`);
  const next = `${readme.slice(0, start + README_START.length)}\n\n${renderAccessTable()}\n\n${readme.slice(end)}`;
  writeFileSync(README_PATH, next);
  console.info(`access table written to ${README_PATH}`);
}
