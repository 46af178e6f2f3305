import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The page's components (playground-web/) are Preact; their unit tests render them to strings.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // One PostgreSQL server for the run; each file that needs it makes its own databases.
    globalSetup: ['test/support/postgres-global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'playground-web/test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**', 'test/browser/**', 'test/container/**'],
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
          name: 'container',
          include: ['test/container/**/*.test.ts'],
          // Building the image (cached layers after the first run) and two containers' starts.
          testTimeout: 300_000,
          hookTimeout: 900_000,
          // Alone and last: the build takes both cores for a while.
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
