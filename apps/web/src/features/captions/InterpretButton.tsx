/**
 * The toolbar's interpretation button and popover: listen to the others in a language
 * (interpreted speech) or in their original voices, how loud the original voices stay while
 * interpreted, and interpreting my own speech. Without a speech synthesizer ('none'), it says
 * so instead of offering anything. `useInterpret` holds the behaviour; this file is markup.
 * Test hooks: `interpret-toggle`, `interpret-listen`, `original-volume`, `interpret-source`,
 * `interpret-target`, `interpret-tone-1|2`, `interpret-start`, `interpret-out-of-points`,
 * `interpret-language-unavailable` (`data-language`: a language the speech engine here does not
 * recognize — Chinese with the embedded English engine — said with why and the setting that
 * enables it, issue 31).
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Popover, usePopover } from '../../ui/Popover';
import { TranslateIcon } from './captions-icons';
import { CreditsLine, LanguageOptions } from './CaptionsToggle';
import { useInterpret, type InterpretControls } from './useInterpret';
import { useCaptionGap } from './SpeakLanguageNote';
import { useToolbarItem } from '../room/toolbar/toolbar-slots';
import './captions.css';

/** A language that cannot be interpreted here (Chinese without a Chinese speech engine). */
function UnavailableLanguage() {
  const { t } = useTranslation();
  const gap = useCaptionGap(true);
  if (!gap) return null;
  return (
    <p
      className="captions-speak-note captions-speak-note--long"
      data-testid="interpret-language-unavailable"
      data-language={gap.code}
      role="note"
    >
      {t('room.captions.interpret.unavailableLanguage', gap)}
    </p>
  );
}

function InterpretPanel({ c }: { c: InterpretControls }) {
  const { t } = useTranslation();
  if (!c.available)
    return (
      <div className="captions-menu__body">
        <div className="captions-menu__title">{t('room.captions.interpret.button')}</div>
        <p className="captions-menu__note" data-testid="interpret-unavailable">
          {t('room.captions.interpret.noVoiceEngine')}
        </p>
      </div>
    );
  const percent = Math.round(c.originalVolume * 100);
  return (
    <div className="captions-menu__body">
      <div className="captions-menu__title">{t('room.captions.interpret.button')}</div>
      {!c.allowed && (
        <p className="captions-menu__note">{t('room.captions.translationNotAllowed')}</p>
      )}
      {c.languagesFailed && <p className="captions-menu__note">{t('room.captions.loadFailed')}</p>}
      {c.languagesLoading && <p className="captions-menu__note">{t('room.captions.loading')}</p>}
      <UnavailableLanguage />
      {c.interpretStopped && (
        <p className="captions-menu__warning" data-testid="interpret-out-of-points" role="alert">
          {t('room.captions.stopped.interpret')}
        </p>
      )}
      <label className="captions-field">
        <span className="captions-field__label">{t('room.captions.interpret.listen')}</span>
        <select
          className="captions-field__select"
          data-testid="interpret-listen"
          value={c.listening}
          disabled={c.busy || (!c.allowed && c.listening === '')}
          onChange={(e) => void c.listen(e.target.value)}
        >
          <option value="">{t('room.captions.interpret.raw')}</option>
          {c.listenChoices.map((l) => (
            <option key={l.code} value={l.code} disabled={c.interpretStopped}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label className="captions-field">
        <span className="captions-field__label">
          {t('room.captions.interpret.originalVolume')}
          <span className="captions-field__value">{percent}%</span>
        </span>
        <input
          type="range"
          className="captions-field__range"
          data-testid="original-volume"
          min={0}
          max={1}
          step={0.05}
          value={c.originalVolume}
          onChange={(e) => c.setOriginalVolume(Number(e.target.value))}
        />
      </label>
      <CreditsLine minutes={c.availableMinutes} credits={c.creatorCredits} />
      {c.allowed && (
        <fieldset className="captions-mine">
          <legend className="captions-field__label">{t('room.captions.interpret.mine')}</legend>
          {c.interpreting && (
            <p className="captions-menu__status" data-testid="interpret-status">
              {t('room.captions.interpret.on', { language: c.languageName(c.target) })}
            </p>
          )}
          <div className="captions-mine__row">
            <label className="captions-field captions-field--half">
              <span className="captions-field__label">{t('room.captions.interpret.source')}</span>
              <select
                className="captions-field__select"
                data-testid="interpret-source"
                value={c.source}
                onChange={(e) => c.setSource(e.target.value)}
              >
                {!c.sourceChoices.some((l) => l.code === c.source) && (
                  <option value={c.source}>{c.source}</option>
                )}
                <LanguageOptions
                  choices={c.sourceChoices}
                  disabledNote={t('room.captions.needsEngine')}
                />
              </select>
            </label>
            <label className="captions-field captions-field--half">
              <span className="captions-field__label">{t('room.captions.interpret.target')}</span>
              <select
                className="captions-field__select"
                data-testid="interpret-target"
                value={c.target}
                disabled={c.targetChoices.length === 0}
                onChange={(e) => c.setTarget(e.target.value)}
              >
                <LanguageOptions
                  choices={c.targetChoices}
                  disabledNote={t('room.captions.interpret.noVoice')}
                />
              </select>
            </label>
          </div>
          <div className="captions-mine__row">
            <div
              className="captions-tone"
              role="radiogroup"
              aria-label={t('room.captions.interpret.tone')}
            >
              {([1, 2] as const).map((tone) => (
                <label key={tone} className="captions-tone__option">
                  <input
                    type="radio"
                    name="interpretTone"
                    data-testid={`interpret-tone-${tone}`}
                    checked={c.tone === tone}
                    onChange={() => c.setTone(tone)}
                  />
                  {tone === 1
                    ? t('room.captions.interpret.man')
                    : t('room.captions.interpret.woman')}
                </label>
              ))}
            </div>
            <button
              type="button"
              className={`captions-chip captions-chip--primary${c.interpreting ? ' captions-chip--stop' : ''}`}
              data-testid="interpret-start"
              aria-pressed={c.interpreting}
              disabled={c.busy || (!c.interpreting && (!c.target || c.interpretStopped))}
              onClick={() => void (c.interpreting ? c.stop() : c.start())}
            >
              {c.interpreting
                ? t('room.captions.interpret.stop')
                : t('room.captions.interpret.start')}
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}

export function InterpretButton() {
  const { t } = useTranslation();
  const menu = usePopover();
  const c = useInterpret(menu.open);
  const slot = useToolbarItem('interpret');
  const active = c.interpreting || c.listening !== '';
  return slot.place(
    <div {...menu.anchorProps}>
      <button
        type="button"
        data-testid="interpret-toggle"
        className={`room-btn${active ? ' room-btn--active' : ''}`}
        aria-label={t('room.captions.interpret.button')}
        title={t('room.captions.interpret.button')}
        {...menu.triggerProps}
        {...slot.item()}
      >
        <TranslateIcon />
        {slot.label(t('room.captions.interpret.button'))}
      </button>
      {menu.open && (
        <Popover
          label={t('room.captions.interpret.button')}
          className="room-menu captions-menu captions-menu--interpret"
        >
          <InterpretPanel c={c} />
        </Popover>
      )}
    </div>,
  );
}
