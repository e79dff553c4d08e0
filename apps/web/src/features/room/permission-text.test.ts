import { parseUserAgent, type PermissionState } from '@meet/shared';
import { describe, expect, test } from 'vitest';
import roomEn from '../../i18n/locales/room.en.json';
import { desktopOs, permissionDialogContent, type DesktopOs } from './permission-text';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const EDGE_WIN = `${CHROME_WIN} Edg/124.0.0.0`;
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function content(
  audio: PermissionState,
  video: PermissionState,
  ua = CHROME_WIN,
  os: DesktopOs = 'windows10',
  kind: 'audio' | 'video' = 'audio',
) {
  return permissionDialogContent({
    permissions: {
      audio,
      video,
      lastError: { audio: { name: 'TypeError', message: 'bad constraints' } },
    },
    kind,
    browser: parseUserAgent(ua),
    os,
    appName: 'Meet',
  });
}

function lookup(key: string): unknown {
  return key
    .replace(/^room\./, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], roomEn);
}

describe('permission dialog text', () => {
  test.each([
    ['NotFoundError', 'room.permission.notFound.title', 3],
    ['NotReadableError', 'room.permission.notReadable.title', 0],
    ['NotAllowedError', 'room.permission.notAllowed.title', 3],
    ['NotAllowedErrorBySystem', 'room.permission.system.title', 3],
    ['TypeError', 'room.permission.generic.title', 0],
    ['OverconstrainedError', 'room.permission.generic.title', 0],
    ['PermissionDismissedError', 'room.permission.generic.title', 0],
    ['UnknownError', 'room.permission.generic.title', 0],
  ] as const)('%s shows %s with %i steps', (state, title, steps) => {
    const c = content(state, 'Allow');
    expect(c?.title.key).toBe(title);
    expect(c?.steps).toHaveLength(steps);
    expect(c?.device).toBe('microphone');
  });

  test('Allow and Prompt open no dialog', () => {
    expect(content('Allow', 'Allow')).toBeNull();
    expect(content('Prompt', 'Allow')).toBeNull();
  });

  test('not allowed: Chrome steps by default, Edge steps for Edge', () => {
    expect(content('NotAllowedError', 'Allow', CHROME_WIN)?.steps[0]?.key).toBe(
      'room.permission.notAllowed.chrome1',
    );
    expect(content('NotAllowedError', 'Allow', EDGE_WIN)?.steps[0]?.key).toBe(
      'room.permission.notAllowed.edge1',
    );
    expect(content('NotAllowedError', 'Allow', EDGE_WIN)?.heading).toBe('Microsoft Edge');
  });

  test('both devices denied names both', () => {
    expect(content('NotAllowedError', 'NotAllowedError')?.device).toBe('both');
    expect(content('NotAllowedError', 'NotFoundError')?.device).toBe('microphone');
    expect(content('Allow', 'NotAllowedError', CHROME_WIN, 'windows10', 'video')?.device).toBe(
      'camera',
    );
  });

  test.each([
    ['windows10', 'room.permission.system.win10_1', 'ms-settings:privacy-microphone'],
    ['windows11', 'room.permission.system.win11_1', 'ms-settings:privacy-microphone'],
    [
      'mac',
      'room.permission.system.mac1',
      'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
    ],
  ] as const)('blocked by the system on %s: its steps and Go to Settings', (os, step, url) => {
    const c = content(
      'NotAllowedErrorBySystem',
      'Allow',
      os === 'mac' ? CHROME_MAC : CHROME_WIN,
      os,
    );
    expect(c?.steps[0]?.key).toBe(step);
    expect(c?.settingsUrl).toBe(url);
    expect(c?.title.values).toEqual({ browser: 'Google Chrome' });
  });

  test('blocked camera by the system opens the camera privacy page', () => {
    const win = content('Allow', 'NotAllowedErrorBySystem', CHROME_WIN, 'windows11', 'video');
    expect(win?.settingsUrl).toBe('ms-settings:privacy-webcam');
    const mac = content('Allow', 'NotAllowedErrorBySystem', CHROME_MAC, 'mac', 'video');
    expect(mac?.settingsUrl).toContain('Privacy_Camera');
    expect(
      content('NotAllowedErrorBySystem', 'NotAllowedErrorBySystem', EDGE_WIN)?.title.values,
    ).toEqual({ browser: 'Microsoft Edge' });
  });

  test('other errors carry the error name and message', () => {
    const c = content('TypeError', 'Allow');
    expect(c?.title.values).toEqual({ name: 'TypeError' });
    expect(c?.lines.map((l) => l.key)).toEqual([
      'room.permission.generic.message',
      'room.permission.generic.hint',
    ]);
    expect(c?.settingsUrl).toBeNull();
  });

  test('Windows 11 is told apart by the client-hint platform version', () => {
    const win = parseUserAgent(CHROME_WIN);
    expect(desktopOs(win, null)).toBe('windows10');
    expect(desktopOs(win, 10)).toBe('windows10');
    expect(desktopOs(win, 15)).toBe('windows11');
    expect(desktopOs(parseUserAgent(CHROME_MAC), null)).toBe('mac');
  });

  test('every key the dialogs use exists in room.en.json', () => {
    const states: PermissionState[] = [
      'NotFoundError',
      'NotReadableError',
      'NotAllowedError',
      'NotAllowedErrorBySystem',
      'TypeError',
    ];
    for (const s of states)
      for (const ua of [CHROME_WIN, EDGE_WIN, CHROME_MAC])
        for (const os of ['windows10', 'windows11', 'mac'] as const) {
          const c = content(s, 'Allow', ua, os)!;
          for (const text of [c.title, ...c.lines, ...c.steps])
            expect(typeof lookup(text.key), text.key).toBe('string');
        }
  });
});
