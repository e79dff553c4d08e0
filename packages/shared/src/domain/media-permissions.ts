/**
 * Device permission states and the mapping of getUserMedia errors to them (SPEC.md section 4,
 * "Error mapping by name"), plus which dialog each state opens (section 8).
 */

export type PermissionState =
  | 'Allow'
  | 'Prompt'
  | 'NotFoundError'
  | 'NotAllowedError'
  | 'NotAllowedErrorBySystem'
  | 'NotReadableError'
  | 'PermissionDismissedError'
  | 'TypeError'
  | 'OverconstrainedError'
  | 'UnknownError';

export type DeviceKind = 'audio' | 'video';

export function mapMediaError(name: string, message = ''): PermissionState {
  const m = message.toLowerCase();
  switch (name) {
    case 'NotFoundError':
      return 'NotFoundError';
    case 'NotAllowedError':
      if (m.includes('denied by system') || m.includes('can not be found'))
        return 'NotAllowedErrorBySystem';
      if (m.includes('permission denied') || m.includes('not allowed')) return 'NotAllowedError';
      if (m.includes('dismissed')) return 'PermissionDismissedError';
      return 'NotAllowedError';
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'NotAllowedError';
    case 'AbortError':
    case 'NotReadableError':
      return 'NotReadableError';
    case 'TypeError':
      return 'TypeError';
    case 'OverconstrainedError':
      return 'OverconstrainedError';
    default:
      return 'UnknownError';
  }
}

/** The permissions API's answer, as a state. */
export function mapPermissionQuery(state: 'granted' | 'denied' | 'prompt'): PermissionState {
  return state === 'denied' ? 'NotAllowedError' : state === 'granted' ? 'Allow' : 'Prompt';
}

export type PermissionDialog =
  'notFound' | 'notReadable' | 'notAllowed' | 'notAllowedBySystem' | 'generic';

/** Which dialog a failed state opens; Allow and Prompt open none. */
export function dialogFor(state: PermissionState): PermissionDialog | null {
  switch (state) {
    case 'Allow':
    case 'Prompt':
      return null;
    case 'NotFoundError':
      return 'notFound';
    case 'NotReadableError':
      return 'notReadable';
    case 'NotAllowedError':
      return 'notAllowed';
    case 'NotAllowedErrorBySystem':
      return 'notAllowedBySystem';
    default:
      return 'generic';
  }
}

/** The device word of a dialog: microphone, camera, or both. */
export function devicesOf(
  audio: PermissionState,
  video: PermissionState,
  dialog: PermissionDialog,
): 'microphone' | 'camera' | 'both' {
  const a = dialogFor(audio) === dialog;
  const v = dialogFor(video) === dialog;
  return a && v ? 'both' : v ? 'camera' : 'microphone';
}
