import { defineConfig } from 'vitest/config';

// A config of its own, even with nothing to set: without one, `vitest run` here would find the
// workspace's (../vitest.config.ts) and run the tests of every package.
export default defineConfig({});
