import { defineConfig } from 'vitest/config';

// Two groups: pure unit tests beside the code run in parallel first; then the tests under test/,
// which drive real Chromium, real servers and real databases, run one file at a time, so lab
// timings (Core Web Vitals of the fixture sites, lease renewals) are not skewed by each other.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/count-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/fixtures/sites/_lib/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fixtures/sites/_lib/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
