/**
 * The beautify setting (SPEC.md section 3) and its rules: four rates from 0 to BEAUTY_RATE_MAX,
 * `selectedBeautifyType` naming the filter last changed, the quick preset (section 9), and "beauty
 * reset to NONE when all rates are zero" (section 5). Pure: the web app stores and applies it.
 */
import { BEAUTY_PRESET, BEAUTY_RATE_MAX } from '../constants.js';

export const BEAUTIFY_TYPES = ['NONE', 'SMOOTH', 'WHITEN', 'SLIM', 'BIGGER'] as const;
export type BeautifyType = (typeof BEAUTIFY_TYPES)[number];
/** The filters that have a rate. */
export type BeautyFilter = Exclude<BeautifyType, 'NONE'>;
export const BEAUTY_FILTERS: readonly BeautyFilter[] = ['SMOOTH', 'WHITEN', 'SLIM', 'BIGGER'];

export interface BeautifySetting {
  selectedBeautifyType: BeautifyType;
  smoothRate: number;
  whitenRate: number;
  slimRate: number;
  biggerRate: number;
}

export type BeautyRateKey = 'smoothRate' | 'whitenRate' | 'slimRate' | 'biggerRate';

export const BEAUTY_RATE_KEY: Record<BeautyFilter, BeautyRateKey> = {
  SMOOTH: 'smoothRate',
  WHITEN: 'whitenRate',
  SLIM: 'slimRate',
  BIGGER: 'biggerRate',
};

export const NO_BEAUTY: BeautifySetting = {
  selectedBeautifyType: 'NONE',
  smoothRate: 0,
  whitenRate: 0,
  slimRate: 0,
  biggerRate: 0,
};

/** A whole number from 0 to BEAUTY_RATE_MAX (anything else, e.g. a damaged entry, is 0). */
export function clampBeautyRate(rate: unknown): number {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return 0;
  return Math.min(BEAUTY_RATE_MAX, Math.max(0, Math.round(rate)));
}

export function beautyIsOn(setting: BeautifySetting): boolean {
  return BEAUTY_FILTERS.some((filter) => setting[BEAUTY_RATE_KEY[filter]] > 0);
}

/** All rates zero resets to NONE; otherwise the selected filter stays one that is on. */
function settle(setting: BeautifySetting): BeautifySetting {
  if (!beautyIsOn(setting)) return NO_BEAUTY;
  const selected = setting.selectedBeautifyType;
  if (selected !== 'NONE' && setting[BEAUTY_RATE_KEY[selected]] > 0) return setting;
  const on = BEAUTY_FILTERS.find((filter) => setting[BEAUTY_RATE_KEY[filter]] > 0)!;
  return { ...setting, selectedBeautifyType: on };
}

/** One filter's rate changed: it becomes the selected one (unless everything is now off). */
export function withBeautyRate(
  setting: BeautifySetting,
  filter: BeautyFilter,
  rate: number,
): BeautifySetting {
  return settle({
    ...setting,
    selectedBeautifyType: filter,
    [BEAUTY_RATE_KEY[filter]]: clampBeautyRate(rate),
  });
}

/** The quick preset (smooth 5, whiten 5, slim 4, bigger 2), smoothing selected. */
export function beautyPreset(): BeautifySetting {
  return { selectedBeautifyType: 'SMOOTH', ...BEAUTY_PRESET };
}

/** A stored or received value made valid: unknown fields dropped, rates clamped, rules applied. */
export function normalizeBeautify(value: unknown): BeautifySetting {
  if (typeof value !== 'object' || value === null) return NO_BEAUTY;
  const v = value as Partial<Record<keyof BeautifySetting, unknown>>;
  const selected = (BEAUTIFY_TYPES as readonly unknown[]).includes(v.selectedBeautifyType)
    ? (v.selectedBeautifyType as BeautifyType)
    : 'NONE';
  return settle({
    selectedBeautifyType: selected,
    smoothRate: clampBeautyRate(v.smoothRate),
    whitenRate: clampBeautyRate(v.whitenRate),
    slimRate: clampBeautyRate(v.slimRate),
    biggerRate: clampBeautyRate(v.biggerRate),
  });
}
