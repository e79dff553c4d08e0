import { describe, expect, test } from 'vitest';
import { meetingsView, type Identity, type ListLoad } from './meetings-load-state';

const rows: ListLoad = { hasData: true, empty: false, failed: false };
const none: ListLoad = { hasData: true, empty: true, failed: false };
const pending: ListLoad = { hasData: false, empty: true, failed: false };
const failed: ListLoad = { hasData: false, empty: true, failed: true };
const staleRows: ListLoad = { hasData: true, empty: false, failed: true };
const staleNone: ListLoad = { hasData: true, empty: true, failed: true };

describe('meetingsView', () => {
  test.each<[string, ListLoad[], Identity, ReturnType<typeof meetingsView>]>([
    ['both lists answered with rows', [rows, none], 'known', { kind: 'lists', stale: false }],
    ['both lists answered empty', [none, none], 'known', { kind: 'empty' }],
    ['a list still loading', [rows, pending], 'known', { kind: 'loading' }],
    [
      'a list that failed (offline) with nothing loaded',
      [failed, none],
      'known',
      { kind: 'failed' },
    ],
    ['both failed', [failed, failed], 'known', { kind: 'failed' }],
    ['a failure beside one still loading', [failed, pending], 'known', { kind: 'failed' }],
    ['rows whose refresh failed', [staleRows, none], 'known', { kind: 'lists', stale: true }],
    ['empty lists whose refresh failed', [staleNone, none], 'known', { kind: 'failed' }],
    ['rows while "who am I" is still asked', [rows, none], 'loading', { kind: 'loading' }],
    ['rows while "who am I" cannot be asked', [rows, none], 'failed', { kind: 'failed' }],
    ['empty lists while "who am I" cannot be asked', [none, none], 'failed', { kind: 'failed' }],
  ])('%s', (_name, lists, identity, view) => {
    expect(meetingsView(lists, identity)).toEqual(view);
  });

  test('never says "no meetings" for a list that could not be loaded', () => {
    for (const other of [rows, none, pending, failed, staleRows, staleNone]) {
      for (const identity of ['known', 'loading', 'failed'] as const) {
        expect(meetingsView([failed, other], identity).kind).toBe('failed');
        expect(meetingsView([other, staleNone], identity).kind).not.toBe('empty');
      }
    }
  });
});
