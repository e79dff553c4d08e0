/**
 * The virtual background's mode (none is null) and how a remembered setting maps to it: apart
 * from the background stage, so the room loads the stage only when an effect is turned on.
 */
import type { BackgroundSetting } from '@meet/shared';

/** What the pipeline draws behind the person. */
export type EffectMode = { kind: 'blur' } | { kind: 'image'; url: string };

export function effectModeOf(setting: BackgroundSetting): EffectMode | null {
  if (setting.status === 'blur') return { kind: 'blur' };
  // "none/image without image stops" (SPEC.md section 4).
  if (setting.status === 'image' && setting.viewImg) return { kind: 'image', url: setting.viewImg };
  return null;
}
