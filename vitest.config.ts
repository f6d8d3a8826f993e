// `pnpm test:unit`: every package's tests in one vitest process, so its workers stay busy from the
// first file to the last (one `vitest run` per package, one after another, left a core idle on the
// small ones). Each package keeps its own config (environment, setup files, timeouts); the API's
// projects are its database engines (api/src/test/projects.ts says which files run on which).
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
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

const projects: TestProjectInlineConfiguration[] = [
  ...packages.map((name) => ({
    extends: `./${name}/vitest.config.ts`,
    root: `./${name}`,
    test: { name, bail },
  })),
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
