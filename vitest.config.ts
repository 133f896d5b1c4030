import { defineConfig } from 'vitest/config';

/** Suites that need a server: `*.pg.test.ts` (PostgreSQL) and `*.redis.test.ts` (PostgreSQL and Redis). */
const excluded: string[] = [];
if (!process.env.TEST_DATABASE_URL) excluded.push('**/*.pg.test.ts', '**/*.redis.test.ts');
else if (!process.env.TEST_REDIS_URL) excluded.push('**/*.redis.test.ts');
if (excluded.length) {
  console.log(
    `Left out (set TEST_DATABASE_URL${process.env.TEST_DATABASE_URL ? '' : ' and TEST_REDIS_URL'} to run them): ${excluded.join(', ')}`,
  );
}

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...excluded],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
  },
});
