import { describe, expect, test } from 'vitest';
import i18n from '../../i18n/i18n';
import { MAGIC_CLOSE_REASONS, type MagicCloseReason } from '@meet/shared';
import { magicCloseTextKey } from './useMagicCam';

describe("Magic Cam's stop texts (SPEC.md section 8)", () => {
  test.each<[MagicCloseReason, string | null]>([
    ['stop', null],
    ['outOfPoints', 'AI credits insufficient, magic camera stopped'],
    ['serverFull', 'The Magic Cam server is busy, please try again later'],
    ['timeout', 'Network error, please retry'],
    ['wsError', 'Network error, please retry'],
    ['sysError', 'Network error, please retry'],
    ['streamFetchAbort', 'Network error, please retry'],
    ['streamFetchError', 'Network error, please retry'],
    ['streamReaderError', 'Network error, please retry'],
  ])('%s → %j', (reason, text) => {
    const key = magicCloseTextKey(reason);
    expect(key && i18n.t(key)).toBe(text);
  });

  test('every reason the contract names has a case', () => {
    expect(MAGIC_CLOSE_REASONS.filter((r) => r !== 'stop').map(magicCloseTextKey)).not.toContain(
      null,
    );
  });
});
