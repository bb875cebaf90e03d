import { defineConfig } from '@playwright/test';
import { chromium } from './playwright.config';

/** Screenshots of every screen at desktop and phone width, into test-results/screenshots. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.shots.ts',
  workers: 1,
  timeout: 90_000,
  reporter: 'list',
  outputDir: '../test-results/screenshot-run',
  use: { baseURL: process.env.E2E_BASE_URL, launchOptions: chromium, screenshot: 'only-on-failure' },
});
