import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';

test('the product runs on a supported Node LTS (24 or newer), as engines says', async () => {
  const root = JSON.parse(
    await readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
  );
  expect(root.engines.node).toBe('>=24');
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
});
