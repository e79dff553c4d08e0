/** Requests and replies of the background library (SPEC.md section 7, "Backgrounds"). */
import { z } from 'zod';

export const backgroundType = z.enum(['upload', 'system']);
export type BackgroundType = z.infer<typeof backgroundType>;

/** One image of the library; `viewImg` is a same-origin URL. */
export const backgroundImage = z.object({
  id: z.string(),
  viewImg: z.string(),
  type: backgroundType,
  /** A small JPEG of the image (base64, no data: prefix) to show before `viewImg` loads. */
  base64: z.string().optional(),
});
export type BackgroundImage = z.infer<typeof backgroundImage>;

export const backgroundList = z.object({
  userBackground: z.array(backgroundImage),
  systemBackground: z.array(backgroundImage),
});
export type BackgroundList = z.infer<typeof backgroundList>;

export const deleteBackgroundBody = z.object({ id: z.string().min(1).max(64) });

/**
 * The images that ship with the product, served by the web app under /backgrounds/ (so they
 * work offline and need no database rows).
 */
export const SYSTEM_BACKGROUNDS: readonly BackgroundImage[] = [
  'dawn',
  'ocean',
  'forest',
  'dusk',
  'grid',
].map((name) => ({
  id: `system-${name}`,
  viewImg: `/backgrounds/${name}.png`,
  type: 'system' as const,
}));

/** The background setting remembered on this device (SPEC.md section 3). */
export interface BackgroundSetting {
  status: 'none' | 'blur' | 'image';
  id?: string;
  viewImg?: string;
}
