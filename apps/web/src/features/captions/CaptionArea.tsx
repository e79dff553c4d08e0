/**
 * The caption lines over the bottom of the stage (inside it, so never over the toolbar): white
 * on translucent black, at most two lines, each with the speaker's name; a translation shows
 * with the words as spoken smaller under it. Only what the server sent is shown. Test hooks:
 * `caption-area`, and per line `caption-line` with `data-member-id` (the speaker's peer id, as
 * the tiles use it) and `data-final="true"` once final.
 */
import { useTranslation } from '../../app/useTranslation';
import { useCaptions } from './CaptionsContext';
import { captionsShown } from './captions-store';
import './captions.css';

export function CaptionArea() {
  const { t } = useTranslation();
  const shown = useCaptions(captionsShown);
  const lines = useCaptions((s) => s.lines.active);
  if (!shown || lines.length === 0) return null;
  return (
    // Not a live region: partial lines change many times a second, too fast to be read out.
    <div
      className="caption-area"
      data-testid="caption-area"
      role="region"
      aria-label={t('room.captions.area')}
    >
      {lines.map((line) => (
        <div
          key={line.id}
          className={`caption-line${line.final ? '' : ' caption-line--partial'}`}
          data-testid="caption-line"
          data-member-id={line.speakerId}
          data-final={line.final ? 'true' : undefined}
        >
          <span className="caption-line__name">{line.speakerName}</span>
          {/* The newest words stay in view: longer text is cut at the top. */}
          <span className="caption-line__text">
            <span>{line.text}</span>
          </span>
          {line.original && (
            <span className="caption-line__original">
              <span>{line.original}</span>
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
