import { describe, expect, test } from 'vitest';
import type { PermissionStates } from '../../room-client/types';
import { ALL_ALLOWED, deviceErrors } from './device-errors';

const denied = { name: 'NotAllowedError', message: 'Permission denied' };
const busy = { name: 'NotReadableError', message: 'Device in use' };

const states = (
  audio: PermissionStates['audio'],
  video: PermissionStates['video'],
  lastError: PermissionStates['lastError'] = {},
): PermissionStates => ({ audio, video, lastError });

describe('device errors of the permission flow', () => {
  test.each([
    ['all allowed', ALL_ALLOWED, states('Allow', 'Allow'), []],
    ['a prompt is not an error', ALL_ALLOWED, states('Prompt', 'Prompt'), []],
    [
      'the camera denied',
      states('Allow', 'Prompt'),
      states('Allow', 'NotAllowedError', { video: denied }),
      [
        {
          type: 'video',
          name: 'NotAllowedError',
          message: 'Permission denied',
          permission: 'NotAllowedError',
        },
      ],
    ],
    [
      'both missing',
      ALL_ALLOWED,
      states('NotFoundError', 'NotFoundError', {
        audio: { name: 'NotFoundError', message: 'Requested device not found' },
        video: { name: 'NotFoundError', message: 'Requested device not found' },
      }),
      [
        {
          type: 'audio',
          name: 'NotFoundError',
          message: 'Requested device not found',
          permission: 'NotFoundError',
        },
        {
          type: 'video',
          name: 'NotFoundError',
          message: 'Requested device not found',
          permission: 'NotFoundError',
        },
      ],
    ],
    [
      'a denial the permissions API reports, with no error from the browser',
      ALL_ALLOWED,
      states('NotAllowedError', 'Allow'),
      [{ type: 'audio', name: 'NotAllowedError', message: '', permission: 'NotAllowedError' }],
    ],
    [
      'the same failure again (no change) is not a new event',
      states('Allow', 'NotReadableError', { video: busy }),
      states('Allow', 'NotReadableError', { video: busy }),
      [],
    ],
    [
      'a new error of the same state is a new event (the user retried)',
      states('Allow', 'NotReadableError', { video: busy }),
      states('Allow', 'NotReadableError', { video: { ...busy } }),
      [
        {
          type: 'video',
          name: 'NotReadableError',
          message: 'Device in use',
          permission: 'NotReadableError',
        },
      ],
    ],
    [
      'recovering is not an error',
      states('Allow', 'NotReadableError', { video: busy }),
      states('Allow', 'Allow', { video: busy }),
      [],
    ],
  ] as [string, PermissionStates, PermissionStates, object[]][])(
    '%s',
    (_name, prev, next, expected) => {
      expect(deviceErrors(prev, next, 'prejoin')).toEqual(
        expected.map((e) => ({ ...e, channel: 'prejoin' })),
      );
    },
  );
});
