import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_ADMIN = { username: 'owner', password: 'e2e-owner-password-2026' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'tower-e2e-'));

/** Debian's Chromium; flags that work on a machine with no outside network (see the README). */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

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
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      SYNC_INTERVAL_MINUTES: '0',
      ICAL_ALLOW_PRIVATE_HOSTS: 'true',
      PAYMENTS: 'demo',
      // The specs start many holds from one address.
      HOLD_LIMIT_PER_HOUR: '100000',
    },
  },
});
