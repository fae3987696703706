import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Server tests that draw and print whole books: their queries are the ones the lighter tests prove
 * on both databases, and a book's drawing costs the same on either. They run once: on PostgreSQL
 * when TEST_DATABASE_URL is set (CI), on PGlite otherwise (~350 s of worker time saved in CI).
 */
const DRAWING_HEAVY = [
  'src/server/modules/production/pipeline.test.ts',
  'src/server/modules/printer/lulu-journey.test.ts',
  'src/server/modules/production/gift-copies.test.ts',
  'src/server/modules/production/bilingual.test.ts',
  'src/server/book/words.test.ts',
  'src/server/modules/books/books.test.ts',
  'src/server/modules/admin/review.test.ts',
  'src/server/modules/payments/local-page-crash.test.ts',
];

/**
 * Server tests that replace a module (vi.mock): they need a module graph of their own, so they run
 * isolated (the other server files share one graph per worker, `isolate: false`).
 */
const MOCKS_MODULES = ['src/server/adapters/illustrator/scenes/glow.test.ts'];

/**
 * Client tests that replace a module (vi.mock: the step off the site, the photo decoding and crop):
 * in a shared module graph the page code an earlier file loaded keeps the real module, and the
 * mock would stay for the files after, so these run isolated (`client:isolated`).
 */
const CLIENT_MOCKS_MODULES = [
  'src/client/routes/auth.test.tsx',
  'src/client/routes/checkout.test.tsx',
  'src/client/routes/order-confirmation.test.tsx',
  'src/client/routes/wizard.test.tsx',
];

/** The client tests' settings: jsdom, and the setup that resets what a test leaves in it. */
const clientTest = {
  environment: 'jsdom' as const,
  // jsdom tests that type into forms run beside the server tests on two cores; 5 s is too tight there.
  testTimeout: 15_000,
  setupFiles: ['test/fail-on-console-error.ts', 'test/client-setup.ts'],
};

// Server tests run on the embedded PGlite always, and a second time on a real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it), so the same migrations and queries are proven on both.
const serverProject = (driver: 'pglite' | 'pg') => ({
  extends: true as const,
  test: {
    name: `server:${driver}`,
    include: ['src/server/**/*.test.ts'],
    // Code that never touches the database runs once, on the PGlite pass; the drawing-heavy
    // tests once, on PostgreSQL when it is there.
    exclude:
      driver === 'pglite'
        ? onPostgres
          ? [...DRAWING_HEAVY, ...MOCKS_MODULES]
          : MOCKS_MODULES
        : [
            ...MOCKS_MODULES,
            'src/server/print/**',
            'src/server/stories/**',
            'src/server/adapters/**',
            // Starts the compiled server on its embedded database.
            'src/server/compiled.test.ts',
            // Drawing, print files, photos and logs: no database in them (the heaviest of the pass).
            'src/server/modules/production/print-covers.test.ts',
            'src/server/modules/production/print-cover-toy.test.ts',
            'src/server/modules/production/print-files.test.ts',
            'src/server/modules/uploads/photo.test.ts',
            'src/server/modules/uploads/heic.test.ts',
            'src/server/logger.test.ts',
          ],
    environment: 'node',
    // One module graph per worker, not per file: each file imported the whole server again (import
    // 197 s of the PostgreSQL pass's 617 s; 17 s with this). Each file builds its own app, database
    // and clock, so nothing a test relies on lives in a module between files.
    isolate: false,
    env: { TEST_DB_DRIVER: driver },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...clientTest,
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: CLIENT_MOCKS_MODULES,
          // One module graph and one jsdom window per worker, not per file: each file imported the app
          // again (import and setup ~140 s of worker time). test/client-setup.ts clears what a file
          // leaves in the window (document, storage, cookies, stubbed globals, timers, toasts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...clientTest, name: 'client:isolated', include: CLIENT_MOCKS_MODULES },
      },
      serverProject('pglite'),
      {
        extends: true,
        test: {
          name: 'server:isolated',
          include: MOCKS_MODULES,
          environment: 'node',
          env: { TEST_DB_DRIVER: 'pglite' },
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/fail-on-console-error.ts'],
          testTimeout: 30_000,
        },
      },
      ...(onPostgres ? [serverProject('pg')] : []),
    ],
  },
});
