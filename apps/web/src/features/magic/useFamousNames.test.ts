import { expect, test } from 'vitest';
import { MAGIC_FAMOUS_NAMES_MAX, MAGIC_NAME_MAX } from '@meet/shared';
import { nameProblem } from './useFamousNames';

const full = Array.from({ length: MAGIC_FAMOUS_NAMES_MAX }, (_, i) => `Name ${i}`);

test.each([
  ['a new name', 'Monet', ['Van Gogh'], null],
  ['a blank one', '   ', [], 'empty'],
  ['one past the length limit', 'x'.repeat(MAGIC_NAME_MAX + 1), [], 'tooLong'],
  ['one already listed, in other letters', 'van gogh', ['Van Gogh'], 'duplicate'],
  ['one more than the list holds', 'Monet', full, 'full'],
])('adding %s: %s', (_case, name, names, problem) => {
  expect(nameProblem(name, names)).toBe(problem);
});
