import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // On PostgreSQL, one migrated template database per run; each test file's is a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On CI a test that fails is run once more (a timing flake on a loaded machine must not
    // block a landing; a broken feature fails both times). Locally, never.
    retry: process.env.CI ? 1 : 0,
  },
});
