import { defineConfig } from 'vitest/config';

/** One PostgreSQL server per project that needs one; each file that uses it makes its own databases. */
const POSTGRES_SERVER = ['test/support/postgres-global-setup.ts'];
/** Operators' tools run against a real database: the readiness probe, the measured store, pg_dump and pg_restore. */
const DATABASE_OPS_TESTS = [
  'test/ops/database-probe.test.ts',
  'test/ops/instrument-store.test.ts',
  'test/ops/pg-dump-restore.test.ts',
];

export default defineConfig({
  // The page's components (playground-web/) are Preact; their unit tests render them to strings.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          // The pure tests: no PostgreSQL server, no build.
          name: 'unit',
          include: ['test/**/*.test.ts', 'playground-web/test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/browser/**', 'test/container/**', 'test/store/**', ...DATABASE_OPS_TESTS],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          // The stores, each on both backends (test/store/backends.ts): a real PostgreSQL server.
          name: 'store',
          include: ['test/store/**/*.test.ts', ...DATABASE_OPS_TESTS],
          globalSetup: POSTGRES_SERVER,
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['test/e2e/soak.test.ts'],
          // Some worlds keep the bot's games in PostgreSQL.
          globalSetup: POSTGRES_SERVER,
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file starts its own emulator and bot processes; two cores run two files at once,
          // after the unit and store tests have finished.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 90_000,
          // Each file starts a whole playground (emulator, bot process, page server) and Chromium:
          // one file at a time, after the end-to-end tests, so the bot always answers within Discord's 3 s.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // The soak's three minutes: alone, after the page tests, so that what it counts as an
          // interaction failed is the bot's doing and not another test file's load on the two cores.
          name: 'soak',
          include: ['test/e2e/soak.test.ts'],
          testTimeout: 420_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'container',
          include: ['test/container/**/*.test.ts'],
          // Building the image (cached layers after the first run), its containers' starts, and
          // compose.yaml's projects on the same image.
          testTimeout: 300_000,
          hookTimeout: 900_000,
          // Alone and last: the build takes both cores for a while.
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
