// `pnpm test:unit`: every package's tests in one vitest process, so its workers stay busy from the
// first file to the last (one `vitest run` per package, one after another, left a core idle on the
// small ones). Each package keeps its own config (environment, setup files, timeouts); the API's
// projects are its database engines (api/src/test/projects.ts says which files run on which).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { Reporter, TestModule } from 'vitest/node';
import { apiTestProjects } from './api/src/test/projects.js';

/**
 * After vitest's summary, one line of tests run (passed or failed) per project and in all, for
 * tools/build/test-all.mjs: the API's projects are its engines, so this is also the count per
 * database engine.
 */
const testsByProject: Reporter = {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = new Map<string, number>();
    for (const testModule of testModules) {
      let ran = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') ran += 1;
      }
      const name = testModule.project.name;
      counts.set(name, (counts.get(name) ?? 0) + ran);
    }
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const each = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, n]) => `${name} ${n}`);
    console.info(`tests by project: ${[...each, `total ${total}`].join(', ')}`);
  },
};

const ci = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';
// On CI the first failure ends the run (its log is read for that failure anyway). vitest reads
// `bail` from each project's own config, so every project gets it here.
const bail = ci ? 1 : 0;

/** Every package with a vitest config of its own, but the API: its projects are its engines. */
const root = fileURLToPath(new URL('.', import.meta.url));
const packages = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'api')
  .map((entry) => entry.name)
  .filter((name) => existsSync(join(root, name, 'vitest.config.ts')))
  .sort();

/**
 * A package's test files, split by whether they mock a module (`vi.mock`, `vi.doMock`), relative
 * to the package: a mock replaces the module for the file's own imports only when nothing in the
 * worker has loaded them yet, so those files keep a module graph of their own.
 */
function testFiles(name: string): { mocking: string[]; others: string[] } {
  const files = { mocking: [] as string[], others: [] as string[] };
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, name, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(file);
      else if (/\.test\.tsx?$/.test(entry.name))
        (/\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(root, name, file), 'utf8'))
          ? files.mocking
          : files.others
        ).push(file);
    }
  };
  walk('');
  return files;
}

/**
 * Each package's files share one module graph per worker, not one per file: a frontend file's own
 * tests take milliseconds, importing React, Chakra and jsdom for it about two seconds (isolated, the
 * frontend files took more than twice as long). Its mocking files run in a project of their own, isolated. (A
 * project extending a config adds to its `exclude` list, so each project excludes the other's files.)
 */
const packageProjects = (name: string): TestProjectInlineConfiguration[] => {
  const { mocking, others } = testFiles(name);
  const base = { extends: `./${name}/vitest.config.ts`, root: `./${name}` };
  return [
    { ...base, test: { name, bail, isolate: false, exclude: [...configDefaults.exclude, ...mocking] } },
    ...(mocking.length > 0
      ? [
          {
            ...base,
            test: { name: `${name} (mocks)`, bail, exclude: [...configDefaults.exclude, ...others] },
          },
        ]
      : []),
  ];
};

const projects: TestProjectInlineConfiguration[] = [
  ...packages.flatMap(packageProjects),
  ...apiTestProjects('api').map((project) => ({ ...project, test: { ...project.test, bail } })),
];

export default defineConfig({
  test: {
    projects,
    // Every core: a worker waiting on PostgreSQL or a socket leaves its core to the others (vitest's
    // default keeps one core free, which on a two-core machine is one worker).
    maxWorkers: availableParallelism(),
    reporters: ['default', testsByProject],
  },
});
