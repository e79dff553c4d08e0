/**
 * Flipping a phone's camera, front ↔ back (issue 28): which camera opens next, and how. Phones
 * say which way a camera faces (`facingMode`), so the other side is asked for by that; a camera
 * that does not say (a laptop's, Chromium's fake ones) gives way to the next camera in the list.
 * Many phones run one camera at a time: when the other one cannot start, the current one is
 * released and it is tried again — and should that fail too, the current camera is reopened.
 */
import { MediaError, openTrack, type CameraFacing } from './local-media';

export interface CameraFlip {
  /**
   * The camera to show and send now: the other one, or the current one reopened after it had
   * to be released (not flipped); the current track itself when nothing changed; null when the
   * released camera could not be opened again.
   */
  track: MediaStreamTrack | null;
  /** Which way `track` faces (as far as known). */
  facing: CameraFacing;
  flipped: boolean;
}

const failedAs = (error: unknown, state: string) =>
  error instanceof MediaError && error.state === state;

/**
 * Opens the camera on the other side of `current` (a live raw camera track). `lastFacing` is
 * where `current` looks when the browser does not say; `cameraIds` lists the cameras by id.
 */
export async function openOtherCamera(
  current: MediaStreamTrack,
  lastFacing: CameraFacing,
  cameraIds: () => Promise<string[]>,
): Promise<CameraFlip> {
  const { facingMode, deviceId } = current.getSettings();
  const from: CameraFacing =
    facingMode === 'user' || facingMode === 'environment' ? facingMode : lastFacing;
  const to: CameraFacing = from === 'user' ? 'environment' : 'user';

  const open = async (): Promise<MediaStreamTrack> => {
    try {
      return await openTrack('video', undefined, true, to);
    } catch (error) {
      if (!failedAs(error, 'OverconstrainedError')) throw error;
      const ids = await cameraIds();
      const next = ids[(ids.indexOf(deviceId ?? '') + 1) % ids.length];
      if (!next || next === deviceId) throw error;
      return openTrack('video', next);
    }
  };

  try {
    return { track: await open(), facing: to, flipped: true };
  } catch (error) {
    // No other camera, or no permission: this one stays as it is.
    if (!failedAs(error, 'NotReadableError'))
      return { track: current, facing: from, flipped: false };
  }
  current.stop();
  try {
    return { track: await open(), facing: to, flipped: true };
  } catch {
    const again = await openTrack('video', deviceId).catch(() => null);
    return { track: again, facing: from, flipped: false };
  }
}
