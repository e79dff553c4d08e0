import { describe, expect, test } from 'vitest';
import { rowsFor } from './auto-rows';

describe('the poll title grows from 1 to 5 rows', () => {
  test.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 1],
    [40, 20, 2],
    [41.5, 20, 3],
    [100, 20, 5],
    [400, 20, 5],
    [60, 0, 1],
  ])('content %d px at line height %d → %d rows', (height, line, rows) => {
    expect(rowsFor(height, line)).toBe(rows);
  });
});
