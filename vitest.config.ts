import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One worker more than the cores: an API test file spends much of its time waiting on its database
// (the PostgreSQL server is another process), so a third file runs meanwhile on a 2-core machine.
// Vitest's own default is one fewer than the cores, a single worker there (docs/testing.md).
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1);

const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    ...(env.TEST_DB === 'pglite' ? { globalSetup: ['./test-setup/pglite-snapshot.ts'] } : {}),
    include: ['apps/api/test/**/*.test.ts'],
    environment: 'node',
    env,
    setupFiles: ['./test-setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../../test-setup/fail-on-console-error.ts', '../../test-setup/web.ts'],
        },
      },
      apiProject('api-pglite', { TEST_DB: 'pglite' }),
      // The same API tests against the PostgreSQL server when DATABASE_URL is set (CI sets it).
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', { TEST_DB: 'pg' })] : []),
      // Fault tests: real API processes, PostgreSQL clusters, nginx and Redis (.ci/run installs them).
      // One file at a time, after the other projects, so they do not fight them for CPU.
      {
        test: {
          name: 'faults',
          include: ['apps/api/test-faults/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./test-setup/fail-on-console-error.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
