/**
 * Unit tests run in jsdom, beside the code (`src/**\/*.test.ts(x)`, and the build's own helpers
 * in `scripts/`). The waits are generous: on a loaded two-core CI machine a jsdom render can take
 * over a second, and a test that fails only for being slow tells nothing.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
    // Both cores (vitest's default leaves one idle): 97 → ~70 s here.
    maxWorkers: 2,
    // On CI a failed test is run once more (see apps/server/vitest.config.ts).
    retry: process.env.CI ? 1 : 0,
  },
});
