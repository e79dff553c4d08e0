/**
 * Browser tests against the built product (apps/web/dist served by apps/server/dist), in Debian's
 * Chromium with fake camera and microphone. The server gets its own data folder for each run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { turnSettings, turnUrl } from './support/turn';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'meet-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const turn = turnSettings(port);

/** Real read speech for the fake microphone (the default fake device only beeps). */
function speechWav(): string | undefined {
  const file = path.join(tmpdir(), 'meet-e2e-speech.wav');
  if (existsSync(file)) return file;
  try {
    execFileSync('espeak-ng', [
      '-s',
      '150',
      '-w',
      file,
      'Good morning everyone. Thank you for joining the meeting today. Let us review the plan for the next release and the open questions from last week.',
    ]);
    return file;
  } catch {
    return undefined;
  }
}
const wav = speechWav();

export default defineConfig({
  testDir: '.',
  testMatch: ['solo/**/*.spec.ts', 'two/**/*.spec.ts', 'three/**/*.spec.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // On CI a failed test runs once more; a flaky pass is reported as such in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_REPORT ?? path.join(dataDir, 'e2e-results.json') }],
  ],
  outputDir: path.join(dataDir, 'test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    // The app's service worker only where it is the subject (solo/pwa.spec.ts): elsewhere each
    // page loads from the server, as the tests that watch requests expect.
    serviceWorkers: 'block',
    locale: 'en-US',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        ...(wav ? [`--use-file-for-fake-audio-capture=${wav}`] : []),
      ],
    },
  },
  webServer: {
    // SERVER_DIST / WEB_DIST: test a build made beside the usual one (apps/server/dist-<name>).
    command: `node ../apps/server/${process.env.SERVER_DIST ?? 'dist'}/server.js`,
    url: `http://localhost:${port}/healthz`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      MAIL_OUTBOX_HTTP: '1',
      // A subscription's end is reached by moving the server's clock (POST /dev/clock).
      DEV_CLOCK: '1',
      // The operator's list of feedback (GET /admin/feedback) is read with this.
      ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-operator-token-0123456789abcdef',
      // TURN: members get credentials for the run's coturn, which two/turn.spec.ts starts.
      TURN_URLS: turnUrl(turn),
      TURN_SECRET: turn.secret,
      EMAIL_CODE_IP_DAILY_LIMIT: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  },
});
