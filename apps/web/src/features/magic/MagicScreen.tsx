/**
 * The Magic Cam page (/magic, SPEC.md's magicWeb): my camera as a 640x640 square preview, the
 * prompt with Start/Stop (and Apply while running), the status, the engine named in words, the
 * credits a minute (none for the in-browser looks, which say so) and my balance; under it the celebrity names and the publish form; beside it
 * the catalogue, whose Use puts a style's prompt in the field. Behaviour in useMagicStudio.
 * Test hooks: magic-page, magic-preview, magic-camera-failed, magic-prompt, magic-look,
 * magic-start, magic-apply, magic-stop, magic-status, magic-engine, magic-credits, magic-notice.
 */
import './magic-texts';
import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { MAGIC_PROMPT_MAX, MAGIC_STATUS, parseMagicPrompt } from '@meet/shared';
import { Button } from '../../ui/Button';
import { lengthLimit } from '../../ui/length-limit';
import { FamousNames } from './FamousNames';
import { MagicCatalogue } from './MagicCatalogue';
import { MagicPublishForm } from './MagicPublishForm';
import { magicPriceText } from './magic-price';
import { withCelebrity } from './magic-form';
import { squareJpeg } from './square-jpeg';
import { useMagicStudio } from './useMagicStudio';
import './magic.css';
import './magic-page.css';

const STATUS_WORDS = {
  [MAGIC_STATUS.off]: 'magic.state.off',
  [MAGIC_STATUS.launching]: 'magic.state.launching',
  [MAGIC_STATUS.streaming]: 'magic.state.streaming',
} as const;

function Preview({
  track,
  video,
}: {
  track: MediaStreamTrack | null;
  video: React.RefObject<HTMLVideoElement | null>;
}) {
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.srcObject = track ? new MediaStream([track]) : null;
    // Autoplay can be refused before a user gesture; the next track change retries.
    if (track) void el.play?.()?.catch(() => undefined);
  }, [track, video]);
  return <video ref={video} className="magic-preview__video" autoPlay playsInline muted />;
}

export function MagicScreen() {
  const { t } = useTranslation();
  const s = useMagicStudio();
  const video = useRef<HTMLVideoElement>(null);
  const promptId = useId();
  const look = s.prompt.trim() ? parseMagicPrompt(s.prompt) : null;
  const length = lengthLimit(s.prompt, MAGIC_PROMPT_MAX);
  const takeCover = useCallback(
    () => (video.current ? squareJpeg(video.current) : Promise.resolve(null)),
    [],
  );

  return (
    <div className="magic-page" data-testid="magic-page">
      <header className="magic-page__header">
        <Link to="/home" className="magic-page__back">
          ← {t('common.backHome')}
        </Link>
        <h1 className="magic-page__title">{t('magic.title')}</h1>
      </header>
      <div className="magic-page__body">
        <section className="magic-studio" aria-label={t('magic.page.studio')}>
          <div className="magic-preview" data-testid="magic-preview" data-status={s.status}>
            <Preview track={s.track} video={video} />
            {s.camera !== 'on' && (
              <div className="magic-preview__cover">
                {s.camera === 'starting' ? (
                  t('magic.page.cameraStarting')
                ) : (
                  <div role="alert" data-testid="magic-camera-failed">
                    <p>{t('magic.page.cameraFailed')}</p>
                    <Button size="small" variant="secondary" onClick={s.retryCamera}>
                      {t('magic.catalogue.retry')}
                    </Button>
                  </div>
                )}
              </div>
            )}
            <span className={`magic-preview__badge magic-preview__badge--${s.status}`}>
              {t(STATUS_WORDS[s.status])}
            </span>
          </div>

          <div className="magic-controls">
            <label className="field__label" htmlFor={promptId}>
              {t('magic.page.prompt')}
            </label>
            <textarea
              id={promptId}
              className="field__input magic-prompt"
              data-testid="magic-prompt"
              rows={2}
              value={s.prompt}
              placeholder={t('magic.page.promptPlaceholder')}
              aria-invalid={length.over || undefined}
              onChange={(event) => s.setPrompt(event.target.value)}
            />
            <div className="magic-controls__foot">
              <p className="magic-hint" data-testid="magic-look">
                {!s.prompt.trim()
                  ? t('magic.page.lookHint')
                  : look
                    ? t('magic.page.lookFound', { words: look.matched.join(', ') })
                    : t('magic.page.lookNone')}
              </p>
              {length.showCount && (
                <span className={length.over ? 'field__count field__count--over' : 'field__count'}>
                  {length.count}/{length.max}
                </span>
              )}
            </div>
            <div className="magic-controls__buttons">
              {s.on ? (
                <>
                  {s.changed && (
                    <Button data-testid="magic-apply" loading={s.busy} onClick={s.apply}>
                      {t('magic.page.apply')}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    data-testid="magic-stop"
                    disabled={s.busy && !s.changed}
                    onClick={s.stop}
                  >
                    {t('magic.page.stop')}
                  </Button>
                </>
              ) : (
                <Button
                  data-testid="magic-start"
                  loading={s.busy}
                  disabled={s.camera !== 'on' || !s.prompt.trim() || length.over}
                  onClick={s.start}
                >
                  {t('magic.page.start')}
                </Button>
              )}
            </div>
            <dl className="magic-facts">
              <dt>{t('magic.page.status')}</dt>
              <dd data-testid="magic-status" role="status">
                {t(STATUS_WORDS[s.status])}
              </dd>
              <dt>{t('magic.page.engine')}</dt>
              <dd data-testid="magic-engine">
                {s.engine ? t(`magic.engine.${s.engine}`) : t('magic.engine.unknown')}
              </dd>
              <dt>{t('magic.page.credits')}</dt>
              <dd data-testid="magic-credits">
                {magicPriceText(t, {
                  engine: s.engine,
                  perMinute: s.perMinute,
                  balance: s.balance,
                })}
              </dd>
            </dl>
            {s.notice && (
              <p className="magic-error" role="alert" data-testid="magic-notice">
                {s.notice}
              </p>
            )}
          </div>

          <FamousNames onInsert={(name) => s.setPrompt(withCelebrity(s.prompt, name))} />
          <MagicPublishForm prompt={s.prompt} takeCover={s.camera === 'on' ? takeCover : null} />
        </section>
        <aside className="magic-page__catalogue">
          <MagicCatalogue onUse={s.use} />
        </aside>
      </div>
    </div>
  );
}
