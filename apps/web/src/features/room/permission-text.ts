/**
 * Which texts a device-permission dialog shows (SPEC.md section 8), as i18n keys plus their
 * values, chosen from the two permission states, the browser and the operating system. Pure, so
 * every Chrome/Edge and Windows 10/11/Mac branch is unit-tested without rendering.
 */
import { devicesOf, dialogFor, type BrowserInfo, type PermissionDialog } from '@meet/shared';
import type { TKey } from '../../i18n/i18n';
import type { PermissionStates } from '../../room-client/types';

export type DesktopOs = 'windows10' | 'windows11' | 'mac';
type Device = 'microphone' | 'camera' | 'both';

export interface Text {
  key: TKey;
  /** Values for the placeholders; `device`/`page` are resolved by the dialog to words. */
  values?: Record<string, string>;
}

export interface PermissionDialogContent {
  dialog: PermissionDialog;
  device: Device;
  title: Text;
  /** Plain paragraphs, shown before the steps. */
  lines: Text[];
  /** Numbered steps; `heading` names the OS or browser they are for. */
  steps: Text[];
  heading: string | null;
  /** The OS privacy page of the system case ("Go to Settings"); null shows "Got it" only. */
  settingsUrl: string | null;
}

/** Windows 10 and 11 share "Windows NT 10.0"; platformVersion 13+ (client hints) means 11. */
export function desktopOs(browser: BrowserInfo, windowsPlatformMajor: number | null): DesktopOs {
  if (browser.os === 'mac') return 'mac';
  return windowsPlatformMajor !== null && windowsPlatformMajor >= 13 ? 'windows11' : 'windows10';
}

export function browserName(browser: BrowserInfo): string {
  switch (browser.name) {
    case 'edge':
      return 'Microsoft Edge';
    case 'firefox':
      return 'Firefox';
    case 'safari':
      return 'Safari';
    default:
      return 'Google Chrome';
  }
}

const SETTINGS_URLS: Record<'windows' | 'mac', Record<'microphone' | 'camera', string>> = {
  windows: { microphone: 'ms-settings:privacy-microphone', camera: 'ms-settings:privacy-webcam' },
  mac: {
    microphone: 'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
    camera: 'x-apple.systempreferences:com.apple.preference.security?Privacy_Camera',
  },
};

/** The OS privacy page; with both devices denied the microphone page comes first. */
export function settingsUrl(os: DesktopOs, device: Device): string {
  const page = device === 'camera' ? 'camera' : 'microphone';
  return SETTINGS_URLS[os === 'mac' ? 'mac' : 'windows'][page];
}

export function permissionDialogContent(input: {
  permissions: PermissionStates;
  /** The kind whose failure opened the dialog. */
  kind: 'audio' | 'video';
  browser: BrowserInfo;
  os: DesktopOs;
  appName: string;
}): PermissionDialogContent | null {
  const { permissions, kind, browser, os, appName } = input;
  const dialog = dialogFor(permissions[kind]);
  if (!dialog) return null;
  const device = devicesOf(permissions.audio, permissions.video, dialog);
  const base = { dialog, device, lines: [], steps: [], heading: null, settingsUrl: null };
  const browserLabel = browserName(browser);
  switch (dialog) {
    case 'notFound':
      return {
        ...base,
        title: { key: 'room.permission.notFound.title' },
        steps: [
          { key: 'room.permission.notFound.check' },
          { key: 'room.permission.notFound.insert' },
          { key: 'room.permission.notFound.restart' },
        ],
      };
    case 'notReadable':
      return {
        ...base,
        title: { key: 'room.permission.notReadable.title' },
        lines: [{ key: 'room.permission.notReadable.body' }],
      };
    case 'notAllowed': {
      const edge = browser.name === 'edge';
      return {
        ...base,
        title: { key: 'room.permission.notAllowed.title', values: { app: appName } },
        heading: edge ? 'Microsoft Edge' : 'Google Chrome',
        steps: edge
          ? [
              { key: 'room.permission.notAllowed.edge1' },
              { key: 'room.permission.notAllowed.edge2' },
              { key: 'room.permission.notAllowed.edge3' },
            ]
          : [
              { key: 'room.permission.notAllowed.chrome1' },
              { key: 'room.permission.notAllowed.chrome2' },
              { key: 'room.permission.notAllowed.chrome3' },
            ],
      };
    }
    case 'notAllowedBySystem': {
      const values = { browser: browserLabel };
      const steps: Text[] =
        os === 'mac'
          ? [
              { key: 'room.permission.system.mac1', values },
              { key: 'room.permission.system.mac2', values },
              { key: 'room.permission.system.mac3', values },
            ]
          : os === 'windows11'
            ? [
                { key: 'room.permission.system.win11_1', values },
                { key: 'room.permission.system.win11_2', values },
                { key: 'room.permission.system.win11_3', values },
              ]
            : [
                { key: 'room.permission.system.win10_1', values },
                { key: 'room.permission.system.win10_2', values },
                { key: 'room.permission.system.win10_3', values },
              ];
      return {
        ...base,
        title: { key: 'room.permission.system.title', values },
        heading: os === 'mac' ? 'Mac' : os === 'windows11' ? 'Windows 11' : 'Windows 10',
        steps,
        settingsUrl: settingsUrl(os, device),
      };
    }
    case 'generic': {
      const error = permissions.lastError[kind];
      return {
        ...base,
        title: {
          key: 'room.permission.generic.title',
          values: { name: error?.name ?? permissions[kind] },
        },
        lines: [
          ...(error?.message
            ? [
                {
                  key: 'room.permission.generic.message' as const,
                  values: { message: error.message },
                },
              ]
            : []),
          { key: 'room.permission.generic.hint' },
        ],
      };
    }
  }
}
