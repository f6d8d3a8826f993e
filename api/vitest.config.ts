import { defineConfig } from 'vitest/config';
import { apiTestProjects } from './src/test/projects.js';

// One project per database engine: PGlite, and PostgreSQL when TEST_DATABASE_URL is set (each test
// file then gets its own database, copied from the run's template; see src/test/projects.ts for
// which files run on which engine). The workspace's vitest.config.ts runs the same projects.
export default defineConfig({
  test: { projects: apiTestProjects() },
});
