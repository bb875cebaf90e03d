import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('Run the browser tests with `npm run test:e2e` (it starts the server).');

/** Debian's Chromium, headless, against the built app served by the real server. */
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Two files at a time (each test makes its own shop, mailbox and receiver, so none shares
  // state with another); the tests of one file run in order in one worker. E2E_WORKERS=1 runs
  // one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  // A test.only left in fails CI, and no retry hides a flaky test: a run passes on its first try.
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The whole flow's budget, not a speed check: slow steps on a busy two-core machine must not fail it.
  // A passing test does not wait longer; one that finds the wrong thing still fails (decision 0043,
  // addendum: pages whose first request went out 7 s after navigation under CI's load).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: '../test-results',
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
