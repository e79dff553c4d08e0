/**
 * The device-error events of the permission flow (SPEC.md section 8: "a device-error event and
 * log record carry type, error name, message, permission and channel"): which of the camera and
 * microphone just failed, from one permission state to the next.
 */
import { dialogFor } from '@meet/shared';
import type { PermissionStates } from '../../room-client/types';

export interface DeviceErrorValue {
  /** Which device: audio (microphone) or video (camera). */
  type: 'audio' | 'video';
  /** The browser's error name, or the state when the browser gave no error (a denial seen). */
  name: string;
  message: string;
  /** The permission state it led to (NotAllowedError, NotFoundError…). */
  permission: string;
  /** Where it happened: the pre-join screen or the room. */
  channel: 'prejoin' | 'room';
}

/** Both devices allowed: what the flow starts from (SPEC.md section 3). */
export const ALL_ALLOWED: PermissionStates = { audio: 'Allow', video: 'Allow', lastError: {} };

/** Each device that failed between `prev` and `next` (a new failed state, or a new error). */
export function deviceErrors(
  prev: PermissionStates,
  next: PermissionStates,
  channel: DeviceErrorValue['channel'],
): DeviceErrorValue[] {
  const out: DeviceErrorValue[] = [];
  for (const type of ['audio', 'video'] as const) {
    const state = next[type];
    if (dialogFor(state) === null) continue;
    const error = next.lastError[type];
    if (state === prev[type] && error === prev.lastError[type]) continue;
    out.push({
      type,
      name: error?.name ?? state,
      message: error?.message ?? '',
      permission: state,
      channel,
    });
  }
  return out;
}
