/** How recordings are encoded (measured with scripts/bench/compose.mjs; README "Cloud recording"). */
import type { EncodeSettings } from './compose-plan.js';

export interface RecordingSettings {
  encode: EncodeSettings;
}

export const RECORDING_DEFAULTS: RecordingSettings = {
  // superfast at crf 28: 45 CPU-s for 2 minutes of a 4-member meeting against veryfast crf 26's
  // 57 (≈ 5.3x real time on two idle cores instead of ≈ 4.3x), for files about 1.5x larger
  // (~12 MB a minute).
  encode: { fps: 15, preset: 'superfast', crf: 28, audioBitrate: '96k' },
};
