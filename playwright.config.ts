import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/ensure-chromium.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_ADMIN = { username: 'owner', password: 'e2e-owner-password-2026' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'tower-e2e-'));

/** Debian's Chromium, with the flags of `scripts/ensure-chromium.ts` (see the README). */
const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      testMatch: /.*\.(phone|all-sizes)\.spec\.ts/,
    },
  ],
  webServer: {
    // The production build, served the way `npm start` serves it, on a throwaway data directory.
    command: 'node src/server/main.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      SITE_URL: `http://localhost:${E2E_PORT}`,
      SITE_EMAIL: 'stay@example.test',
      DATA_DIR: dataDir,
      // A clock moved past BACKUP_HOUR takes a backup: beside the throwaway data, never into the checkout.
      BACKUP_DIR: `${dataDir}-backups`,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      ICAL_ALLOW_PRIVATE_HOSTS: 'true',
      PAYMENTS: 'demo',
      // The specs start many holds from one address.
      HOLD_LIMIT_PER_HOUR: '100000',
      LIVE_HOLDS_PER_CLIENT: '1000',
    },
  },
});
