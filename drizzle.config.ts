import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed as SQL; the same files run on PGlite and
// PostgreSQL at start-up (src/server/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
