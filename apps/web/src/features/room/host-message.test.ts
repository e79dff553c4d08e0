import { describe, expect, test } from 'vitest';
import { shouldShowHostMessage, wasReloaded } from './host-message';

describe('the host message', () => {
  test.each([
    [true, null, false, true],
    [false, null, false, false],
    [true, 1_700_000_000_000, false, false],
    [true, null, true, false],
  ])('host %s, end %s, reloaded %s → %s', (host, endTime, reloaded, expected) => {
    expect(shouldShowHostMessage({ host, endTime, reloaded })).toBe(expected);
  });

  const storage = (flag: string | null) => ({ getItem: () => flag });
  const nav = (type: string, url: string) => [{ type, name: url }] as unknown as PerformanceEntry[];

  test.each([
    ['a fresh navigation', null, nav('navigate', 'http://x/meeting/123'), false],
    ['the reload flag still set', '1', [], true],
    ['this meeting page reloaded', null, nav('reload', 'http://x/meeting/123'), true],
    ['another page reloaded before joining', null, nav('reload', 'http://x/home'), false],
    ['another meeting reloaded', null, nav('reload', 'http://x/meeting/999'), false],
  ])('%s', (_name, flag, entries, expected) => {
    expect(wasReloaded('123', storage(flag), entries)).toBe(expected);
  });
});
