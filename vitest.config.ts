import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One PostgreSQL server for the run; each file that needs it makes its own databases.
    globalSetup: ['test/support/postgres-global-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file starts its own emulator and bot processes; two cores run two files at once,
          // after the unit tests have finished.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
