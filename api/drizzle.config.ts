import { defineConfig } from 'drizzle-kit';

// `pnpm --filter api db:generate` turns schema changes into a versioned SQL migration in
// ./drizzle; the API applies pending migrations at start-up (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
