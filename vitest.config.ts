import { defineConfig } from 'vitest/config';

const apiProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
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
    ],
  },
});
