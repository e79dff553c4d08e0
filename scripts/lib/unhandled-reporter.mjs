// A Vitest reporter for `npm test`: writes the errors Vitest caught outside any test (an unhandled
// rejection, an error thrown by a timer after its test ended) to the file in VITEST_UNHANDLED, so
// the run's summary can name them; Vitest's JSON report has no place for them, and a suite that
// exits 1 with every test passed would otherwise say only that.
import { writeFileSync } from 'node:fs';

export default class UnhandledReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED;
    if (!file) return;
    const errors = unhandledErrors.map((error) => ({
      name: error.name ?? 'Error',
      message: String(error.message ?? ''),
      // Where Vitest knew it: the test file and test that were running when it was thrown.
      file: error.VITEST_TEST_PATH ?? null,
      test: error.VITEST_TEST_NAME ?? null,
      stack: String(error.stack ?? '')
        .split('\n')
        .slice(0, 6)
        .join('\n'),
    }));
    writeFileSync(file, JSON.stringify(errors, null, 2));
  }
}
