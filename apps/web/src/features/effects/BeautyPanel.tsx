/**
 * The effects dialog's Beautify tab: a slider from 0 to 10 for smoothing, whitening, slim face
 * and bigger eyes, the quick preset and a reset, and the engines named. Test hooks: beauty-smooth,
 * beauty-whiten, beauty-slim, beauty-bigger (range inputs), beauty-preset, beauty-reset,
 * beauty-engine.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { BEAUTY_FILTERS, BEAUTY_RATE_KEY, BEAUTY_RATE_MAX, type BeautyFilter } from '@meet/shared';
import type { useBeauty } from './useBeauty';

const FILTERS = {
  SMOOTH: { testId: 'beauty-smooth', label: 'room.effects.beautySmooth' },
  WHITEN: { testId: 'beauty-whiten', label: 'room.effects.beautyWhiten' },
  SLIM: { testId: 'beauty-slim', label: 'room.effects.beautySlim' },
  BIGGER: { testId: 'beauty-bigger', label: 'room.effects.beautyBigger' },
} as const satisfies Record<BeautyFilter, { testId: string; label: string }>;

export function BeautyPanel({ beauty }: { beauty: ReturnType<typeof useBeauty> }) {
  const { t } = useTranslation();
  return (
    <div className="beauty">
      {/* AI honesty: which filters use a model, and that everything runs in the browser. */}
      <p className="effects-engine" data-testid="beauty-engine">
        {t('room.effects.beautyEngine')}
      </p>
      <div className="beauty-sliders">
        {BEAUTY_FILTERS.map((filter) => {
          const { testId, label } = FILTERS[filter];
          const rate = beauty.setting[BEAUTY_RATE_KEY[filter]];
          return (
            <label key={filter} className="beauty-slider">
              <span className="beauty-slider__label">{t(label)}</span>
              <output className="beauty-slider__value" aria-hidden>
                {rate}
              </output>
              <input
                type="range"
                min={0}
                max={BEAUTY_RATE_MAX}
                step={1}
                value={rate}
                data-testid={testId}
                onChange={(e) => beauty.setRate(filter, Number(e.target.value))}
              />
            </label>
          );
        })}
      </div>
      <div className="beauty-actions">
        <button
          type="button"
          className="effects-voice"
          data-testid="beauty-preset"
          onClick={beauty.applyPreset}
        >
          {t('room.effects.beautyPreset')}
        </button>
        <button
          type="button"
          className="effects-voice"
          data-testid="beauty-reset"
          onClick={beauty.reset}
        >
          {t('room.effects.beautyReset')}
        </button>
      </div>
      <p className="effects-note">{t('room.effects.beautyFaceNote')}</p>
    </div>
  );
}
