import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file: the server applies the migrations itself at start-up
// (drizzle-kit's own migrate command fails silently on PGlite when a migration needs btree_gist).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
