import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // On PostgreSQL, one migrated template database per run; each test file's is a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three test files at once: a file spends most of its time waiting (sockets, timers, Janus),
    // so on two cores three share them well (the PGlite suite 755 → ~320 s, PostgreSQL 431 →
    // ~210 s); each file has its own database and app.
    maxWorkers: 3,
    // On CI a test that fails is run once more (a timing flake on a loaded machine must not
    // block a landing; a broken feature fails both times). Locally, never.
    retry: process.env.CI ? 1 : 0,
  },
});
