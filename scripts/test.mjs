// `npm test`: installs what the tests need, builds, then runs every suite — unit, server
// integration on PGlite and on PostgreSQL, and browser tests — and ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  RUNTIME_DEBIAN_PACKAGES,
  buildAll,
  ensureDebianPackages,
  ensureNodeModules,
  log,
  root,
} from './lib/setup.mjs';
import { ensureSupportedNode } from './lib/runtime.mjs';

await ensureSupportedNode(root);
ensureNodeModules();
// pocketsphinx-testdata: real read speech with transcripts for the speech-engine tests.
// coturn: the TURN server the relayed-media browser test starts.
// webkit2gtk-driver, xvfb: Safari's engine (WebKitGTK) on a virtual display for the WebKit
// browser tests; gstreamer1.0-libav lets it play a recording's AAC audio, as Safari does.
ensureDebianPackages([
  ...RUNTIME_DEBIAN_PACKAGES,
  'chromium',
  // firefox-esr: the Firefox browser tests (WebDriver BiDi; WebGL on the same virtual display).
  'firefox-esr',
  'coturn',
  'fonts-noto-cjk',
  'pocketsphinx-testdata',
  'webkit2gtk-driver',
  'xvfb',
  'gstreamer1.0-libav',
]);
buildAll();

const work = mkdtempSync(path.join(tmpdir(), 'meet-test-run-'));
const only = process.argv.slice(2);

/** A Vitest suite in one workspace; its JSON report goes to REPORT. */
const vitest = (name, cwd, env = {}) => ({
  name,
  cwd,
  cmd: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=REPORT',
    `--reporter=${path.join(root, 'scripts/lib/unhandled-reporter.mjs')}`,
  ],
  env: { ...env, VITEST_UNHANDLED: 'REPORT.unhandled' },
  kind: 'vitest',
});

/** Each suite writes a JSON report; counts come from it, and a suite that crashed counts as failed. */
const suites = [
  {
    // Issue 33: no import cycle between source files, none over 400 lines.
    name: 'source tree',
    cwd: '.',
    cmd: ['node', 'scripts/check-cycles.mjs', '--max-lines=400'],
    kind: 'check',
  },
  vitest('unit: shared', 'packages/shared'),
  vitest('unit: web', 'apps/web'),
  vitest('server on PGlite', 'apps/server', { TEST_DB: 'pglite' }),
  vitest('server on PostgreSQL', 'apps/server', { TEST_DB: 'postgres' }),
  {
    name: 'browser (Playwright)',
    cwd: 'e2e',
    cmd: ['npx', 'playwright', 'test'],
    env: { E2E_REPORT: 'REPORT' },
    kind: 'playwright',
  },
];

function countsOf(kind, reportFile, status) {
  // A check is one test: its exit code says whether it passed, its output why not.
  if (kind === 'check')
    return status === 0
      ? { passed: 1, failed: 0, failures: [] }
      : { passed: 0, failed: 1, failures: ['see its output above'] };
  if (!existsSync(reportFile)) return null;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  if (kind === 'vitest')
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      failures: [...vitestFailures(report), ...unhandledErrors(`${reportFile}.unhandled`)],
    };
  const s = report.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: s.unexpected ?? 0,
    failures: playwrightFailures(report),
  };
}

/** Names of what failed (tests, and files that failed outside any test), for the summary. */
function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      names.push(`${rel} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (!failed.length && file.status === 'failed')
      names.push(`${rel}: ${firstLine(file.message)}`);
  }
  return names;
}

/** The errors Vitest caught outside any test (scripts/lib/unhandled-reporter.mjs), for the summary. */
function unhandledErrors(file) {
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')).map((e) => {
    const where = e.file
      ? ` (during ${path.relative(root, e.file)}${e.test ? ` › ${e.test}` : ''})`
      : '';
    return `unhandled ${e.name}: ${firstLine(e.message)}${where}, ${firstLine(e.stack.split('\n').slice(1).join('\n'))}`;
  });
}

function playwrightFailures(report) {
  const names = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          names.push(`${[...trail, spec.title].join(' › ')}: ${firstLine(error)}`);
        } else if (test.status === 'flaky') {
          console.log(`[flaky] passed on its retry: ${[...trail, spec.title].join(' › ')}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? [])
    names.push(`(outside a test) ${firstLine(error.message)}`);
  return names;
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  return (
    plain
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

const results = [];
for (const [i, suite] of suites.entries()) {
  if (only.length && !only.some((o) => suite.name.includes(o))) continue;
  const report = path.join(work, `report-${i}.json`);
  const cmd = suite.cmd.map((part) => part.replace('REPORT', report));
  const env = { ...process.env, ...suite.env };
  for (const [k, v] of Object.entries(env))
    if (typeof v === 'string' && v.startsWith('REPORT')) env[k] = v.replace('REPORT', report);
  log(`── ${suite.name} ──`);
  const started = Date.now();
  const run = spawnSync(cmd[0], cmd.slice(1), {
    cwd: path.join(root, suite.cwd),
    stdio: 'inherit',
    env,
  });
  let counts = countsOf(suite.kind, report, run.status);
  if (!counts) counts = { passed: 0, failed: 1, failures: ['no report: the suite crashed'] };
  else if (run.status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures.push(
      `the suite exited with ${run.status ?? run.signal} (an error outside tests)`,
    );
  }
  results.push({ name: suite.name, ...counts, seconds: Math.round((Date.now() - started) / 1000) });
}
rmSync(work, { recursive: true, force: true });

console.log('\nSuites:');
for (const r of results) {
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
  for (const failure of r.failures ?? []) console.log(`    ✗ ${failure}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
