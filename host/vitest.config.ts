import { defineConfig } from 'vitest/config';

// A config of its own: without one, `vitest run` here would find the workspace's
// (../vitest.config.ts) and run the tests of every package. Component tests render Chakra and drive
// it with user events; on a two-core machine busy with a build one can take past vitest's default
// 5 s, as shared-ui's do, so they get its 20 s.
export default defineConfig({ test: { testTimeout: 20_000 } });
