import { defineConfig } from 'vitest/config';

// Every API suite runs on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is
// set (each test file then gets its own throw-away database; see src/test/build.ts).
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ['src/**/*.test.ts'],
        env: { TEST_DB_ENGINE: engine },
      },
    })),
  },
});
