import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own database; two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
