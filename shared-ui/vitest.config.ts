import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Chakra/Ark components are large ESM graphs: give the first render test room on a slow box.
    testTimeout: 20_000,
  },
});
