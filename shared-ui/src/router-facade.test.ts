import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The apps share react-router as a facade listing only the exports the console uses
// (tools/build/webpack/shared/react-router.js); a name missing there is `undefined` in the built apps while
// every unit test (which imports the real package) still passes. This keeps the list complete.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FACADE = path.join(ROOT, 'tools', 'build', 'webpack', 'shared', 'react-router.js');
const SOURCES = [
  'host',
  'remote-companies',
  'remote-users',
  'remote-managers',
  'remote-approvals',
  'shared-auth',
  'shared-ui',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // host/src/prerender runs at build time in Node, bundled by esbuild with the real package.
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'prerender') return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    // Tests and their helpers run against the real package, not the built facade.
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$|test-utils|test-setup/.test(entry.name)) return [];
    return [file];
  });
}

/** Value names imported from react-router or react-router-dom, with a file that imports each. */
function importedRouterNames(): Map<string, string> {
  const names = new Map<string, string>();
  const pattern = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g;
  for (const pkg of SOURCES) {
    for (const file of sourceFiles(path.join(ROOT, pkg, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (match[1]) continue;
        for (const specifier of (match[2] ?? '').split(',')) {
          const name = specifier.trim().split(/\s+as\s+/)[0] ?? '';
          if (name && !name.startsWith('type ')) names.set(name, path.relative(ROOT, file));
        }
      }
    }
  }
  return names;
}

describe('the shared react-router facade', () => {
  it('exports every react-router name the apps import', () => {
    const facade = readFileSync(FACADE, 'utf8');
    const exported = new Set(
      (facade.match(/export\s*\{([^}]*)\}/)?.[1] ?? '').split(',').map((name) => name.trim()),
    );
    const imported = importedRouterNames();
    expect(imported.size).toBeGreaterThan(5);
    const missing = [...imported].filter(([name]) => !exported.has(name)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });
});
