/**
 * The caption lines: on a computer a band of their own between the stage and the toolbar (the
 * stage makes room, so captions never cover faces or names; issue 30), kept while captions are
 * on so the stage does not jump with each line; on a phone over the bottom of the stage, where
 * height is scarce. White on translucent black, at most two lines, each with the speaker's name
 * and at most two rows; a translation shows with the words as spoken smaller under it. Only
 * what the server sent is shown; when my own language gets no captions, the band says why
 * (SpeakLanguageNote). A line whose words are late shows "…" and "Captions delayed…" until they
 * come; speech that could not be recognised says so, never with invented words. Test hooks:
 * `caption-area`, and per line `caption-line` with `data-member-id` (the speaker's peer id, as
 * the tiles use it) and `data-final="true"` once final; `data-delayed="true"` while late,
 * `data-recognized="false"` for speech not recognised, and `caption-delayed`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useCaptions } from './CaptionsContext';
import { captionsShown } from './captions-store';
import { nameOf, SpeakLanguageNote } from './SpeakLanguageNote';
import './captions.css';

export function CaptionArea({ band = false }: { band?: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = useCaptions(captionsShown);
  const lines = useCaptions((s) => s.lines.active);
  if (!shown || (!band && lines.length === 0)) return null;
  return (
    // Not a live region: partial lines change many times a second, too fast to be read out.
    <div
      className={`caption-area${band ? ' caption-area--band' : ''}`}
      data-testid="caption-area"
      role="region"
      aria-label={t('room.captions.area')}
    >
      {band && <SpeakLanguageNote />}
      {lines.map((line) => (
        <div
          key={line.id}
          className={`caption-line${line.final ? '' : ' caption-line--partial'}${line.unrecognized ? ' caption-line--unrecognized' : ''}`}
          data-testid="caption-line"
          data-member-id={line.speakerId}
          data-final={line.final ? 'true' : undefined}
          data-delayed={line.delayed ? 'true' : undefined}
          data-recognized={line.unrecognized ? 'false' : undefined}
        >
          <span className="caption-line__name">{line.speakerName}</span>
          {/* The newest words stay in view: longer text is cut at the top. */}
          <span className="caption-line__text">
            <span>
              {line.unrecognized
                ? t('room.captions.unrecognized')
                : line.text || (line.delayed ? '…' : '')}
            </span>
          </span>
          {line.delayed && (
            <span
              className="caption-line__original caption-line__delayed"
              data-testid="caption-delayed"
              title={t('room.captions.delayedWhy')}
            >
              {t('room.captions.delayed')}
            </span>
          )}
          {line.original && (
            <span className="caption-line__original">
              <span>{line.original}</span>
            </span>
          )}
          {line.untranslated && (
            <span
              className="caption-line__original"
              data-testid="caption-untranslated"
              data-reason={line.untranslated.reason}
            >
              {t(`room.captions.untranslated.${line.untranslated.reason}`, {
                language: nameOf(line.untranslated.language, i18n.language),
              })}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
