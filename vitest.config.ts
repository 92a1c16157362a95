import { defineConfig } from 'vitest/config';

// Five groups, one after the other:
// 1. pure unit tests beside the code, in parallel, one module graph per worker;
// 2. tests under test/ whose assertions do not rest on lab timings (the API, the store and the queue
//    on both databases, monitors, billing, Slack, reports…), two files at a time: most of their time
//    is spent waiting (leases, retries, servers), so they share the two cores well;
// 3. capture tests in real Chromium that read what was recorded, not how long it took, two at a time;
// 4. tests that measure pages in real Chromium or judge by time (capture, checks on fixture sites,
//    deadlines), one file at a time, so lab timings are not skewed by each other, in one shared module
//    graph (isolate: false: each file closes its own browser and servers; the imports are paid once);
// 5. chaos walks and flows (acting in Chromium on a time budget), one file at a time, each isolated.
const TIMED = [
  'test/checks/**/*.test.ts',
  'test/fixtures/**/*.test.ts',
  'test/api/deadline.test.ts',
  // Capture tests that judge by time: lab timings, deadlines, settling and animation waits, a crawl's
  // order under a budget, the keyboard walk's time-bounded probes.
  ...['animations-before-axe', 'consent', 'crawl-choice', 'hostile', 'left-document', 'local-copy-crawl', 'refused-measurement',
    'render-blocking-status', 'sitemap-index', 'sitemap-sampling', 'thumbnail-mask', 'timings-under-load', 'keyboard-unreachable', 'focus-visible'].map((name) => `test/capture/${name}.test.ts`),
];
// The other capture tests read what real Chromium records (DOM facts, axe, clicks, the keyboard walk), not
// how long it took: two files at a time, one module graph per worker.
const CHROMIUM = ['test/capture/**/*.test.ts'];
// Chaos walks and flows: acting in real Chromium on a time budget, one file at a time like the above,
// each file in a fresh module graph (their browsers and servers never outlive the file).
const ACTING = [
  'test/gremlin/**/*.test.ts',
  'test/app-models/chaos-*.test.ts',
  'test/acting/**/*.test.ts',
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
          // Pure tests: one module graph per worker (imports paid once, not per file).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/fixtures/sites/_lib/**', ...TIMED, ...CHROMIUM, ...ACTING],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'chromium',
          include: CHROMIUM,
          exclude: TIMED,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 2 },
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
          // Many short files in one worker: sharing the module graph saves each file's ~2 s of imports.
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'acting',
          include: ACTING,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
