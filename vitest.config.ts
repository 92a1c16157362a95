import { defineConfig } from 'vitest/config';

// Three groups, one after the other:
// 1. pure unit tests beside the code, in parallel;
// 2. tests under test/ whose assertions do not rest on lab timings (the API, the store and the queue
//    on both databases, monitors, billing, Slack, reports…), two files at a time: most of their time
//    is spent waiting (leases, retries, servers), so they share the two cores well;
// 3. tests that measure pages in real Chromium or judge by time (capture, checks on fixture sites,
//    chaos walks, deadlines), one file at a time, so lab timings are not skewed by each other.
const TIMED = [
  'test/capture/**/*.test.ts',
  'test/checks/**/*.test.ts',
  'test/fixtures/**/*.test.ts',
  'test/gremlin/**/*.test.ts',
  'test/app-models/chaos-*.test.ts',
  'test/acting/**/*.test.ts',
  'test/api/deadline.test.ts',
];

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
          exclude: ['test/fixtures/sites/_lib/**', ...TIMED],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'timed',
          include: TIMED,
          exclude: ['test/fixtures/sites/_lib/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
