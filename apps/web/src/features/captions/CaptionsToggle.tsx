/**
 * The toolbar's captions switch with its settings beside it (like the microphone's device
 * menu). `useCaptionsToggle` holds the behaviour; this file is markup. Test hooks:
 * `captions-toggle` (aria-pressed, aria-disabled while the host locked captions),
 * `captions-settings` (the arrow), and in the menu `captions-speak-language`,
 * `captions-language`, `captions-engines`, `captions-credits`, `captions-out-of-points`,
 * `download-transcript-vtt|txt`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Popover, usePopover } from '../../ui/Popover';
import { ChevronUpIcon } from '../room-core/room-icons';
import { CaptionsIcon, CaptionsOffIcon, DownloadIcon } from './captions-icons';
import type { LanguageChoice } from './speech-options';
import { useCaptionsToggle, type CaptionsToggleState } from './useCaptionsToggle';
import { SpeakLanguageNote } from './SpeakLanguageNote';
import './captions.css';
import { ariaShortcut, onMac, withShortcut } from '../room/shortcuts';

/** Options of a language select: those the engines cannot handle are listed disabled, saying why. */
export function LanguageOptions({
  choices,
  disabledNote,
}: {
  choices: LanguageChoice[];
  disabledNote: string;
}) {
  return (
    <>
      {choices.map((c) => (
        <option key={c.code} value={c.code} disabled={c.disabled}>
          {c.disabled ? `${c.name} — ${disabledNote}` : c.name}
        </option>
      ))}
    </>
  );
}

/** "Speech: … · Translation: … · Voice: …", with the names the server gives. */
export function EnginesLine({ engines }: { engines: CaptionsToggleState['engines'] }) {
  const { t } = useTranslation();
  const none = t('room.captions.engineNone');
  return (
    <div className="captions-menu__engines" data-testid="captions-engines">
      {[
        t('room.captions.engineSpeech', { name: engines.asr ?? none }),
        t('room.captions.engineTranslation', { name: engines.translate ?? none }),
        t('room.captions.engineVoice', { name: engines.tts ?? none }),
      ].join(' · ')}
    </div>
  );
}

export function CreditsLine({
  minutes,
  credits,
}: {
  minutes: number | null;
  credits: number | null;
}) {
  const { t } = useTranslation();
  if (minutes === null && credits === null) return null;
  return (
    <div className="captions-menu__credits" data-testid="captions-credits">
      {minutes !== null
        ? t('room.captions.credits', { minutes })
        : t('room.captions.creditsBalance', { credits })}
    </div>
  );
}

function CaptionSettings({ c, close }: { c: CaptionsToggleState; close: () => void }) {
  const { t } = useTranslation();
  const translationNote = !c.engines.translate
    ? t('room.captions.noTranslationEngine')
    : !c.allowed
      ? t('room.captions.translationNotAllowed')
      : null;
  return (
    <div className="captions-menu__body">
      <div className="captions-menu__title">{t('room.captions.settings')}</div>
      {c.heldReason && <p className="captions-menu__note">{c.heldReason}</p>}
      {c.languagesFailed && <p className="captions-menu__note">{t('room.captions.loadFailed')}</p>}
      {c.languagesLoading && <p className="captions-menu__note">{t('room.captions.loading')}</p>}
      {!c.engines.asr ? (
        <p className="captions-menu__note">{t('room.captions.noSpeechEngine')}</p>
      ) : (
        <>
          <label className="captions-field">
            <span className="captions-field__label">{t('room.captions.speakLanguage')}</span>
            <select
              className="captions-field__select"
              data-testid="captions-speak-language"
              value={c.speakLanguage}
              disabled={c.speakChoices.length === 0}
              onChange={(e) => c.setSpeakLanguage(e.target.value)}
            >
              {!c.speakChoices.some((l) => l.code === c.speakLanguage) && (
                <option value={c.speakLanguage}>{c.speakLanguage}</option>
              )}
              <LanguageOptions
                choices={c.speakChoices}
                disabledNote={t('room.captions.needsEngine')}
              />
            </select>
          </label>
          <SpeakLanguageNote long />
        </>
      )}
      {translationNote ? (
        <p className="captions-menu__note">{translationNote}</p>
      ) : (
        <label className="captions-field">
          <span className="captions-field__label">{t('room.captions.captionLanguage')}</span>
          <select
            className="captions-field__select"
            data-testid="captions-language"
            value={c.captionLanguage}
            disabled={!c.on}
            onChange={(e) => c.setCaptionLanguage(e.target.value)}
          >
            <option value="">{t('room.captions.asSpoken')}</option>
            {c.captionChoices.map((l) => (
              <option key={l.code} value={l.code} disabled={c.translateStopped}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {c.translateStopped && (
        <p className="captions-menu__warning" data-testid="captions-out-of-points" role="alert">
          {t('room.captions.stopped.translate')}
        </p>
      )}
      <CreditsLine minutes={c.availableMinutes} credits={c.creatorCredits} />
      <EnginesLine engines={c.engines} />
      <button
        type="button"
        className="captions-chip captions-menu__transcript"
        data-testid="captions-transcript"
        onClick={() => {
          c.openTranscript();
          close();
        }}
      >
        {t('room.transcript.open')}
      </button>
      <div className="captions-menu__download">
        <span className="captions-field__label">{t('room.captions.download')}</span>
        <div className="captions-menu__buttons">
          {(['vtt', 'txt'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="captions-chip"
              data-testid={`download-transcript-${format}`}
              onClick={() => c.download(format)}
            >
              <DownloadIcon size={16} />
              {format === 'vtt' ? t('room.captions.downloadVtt') : t('room.captions.downloadTxt')}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

export function CaptionsToggle() {
  const { t } = useTranslation();
  const menu = usePopover();
  const c = useCaptionsToggle(menu.open);
  const label = c.on ? t('room.captions.turnOff') : t('room.captions.turnOn');
  return (
    <div {...menu.anchorProps} className="room-split popover-anchor">
      <button
        type="button"
        className="room-split__more"
        data-testid="captions-settings"
        aria-label={t('room.captions.settings')}
        title={t('room.captions.settings')}
        {...menu.triggerProps}
      >
        <ChevronUpIcon size={20} />
      </button>
      <button
        type="button"
        data-testid="captions-toggle"
        aria-pressed={c.on}
        aria-disabled={c.held || undefined}
        className={`room-btn${c.on ? ' room-btn--active' : ''}${c.held ? ' room-btn--held' : ''}`}
        aria-label={label}
        title={c.heldReason ?? withShortcut(label, 'toggleCaptions', onMac())}
        aria-keyshortcuts={ariaShortcut('toggleCaptions', onMac())}
        disabled={c.disabled}
        onClick={() => void c.toggle()}
      >
        {c.on ? <CaptionsIcon /> : <CaptionsOffIcon />}
      </button>
      {menu.open && (
        <Popover label={t('room.captions.settings')} className="room-menu captions-menu">
          <CaptionSettings c={c} close={menu.close} />
        </Popover>
      )}
    </div>
  );
}
