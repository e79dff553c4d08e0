/** How recordings are encoded (measured with scripts/bench/compose.mjs; README "Cloud recording"). */
import type { EncodeSettings } from './compose-plan.js';

export interface RecordingSettings {
  encode: EncodeSettings;
}

export const RECORDING_DEFAULTS: RecordingSettings = {
  encode: { fps: 15, preset: 'veryfast', crf: 26, audioBitrate: '96k' },
};
