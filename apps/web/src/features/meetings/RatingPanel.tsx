/**
 * The five-point quality rating (SPEC.md section 7, addEvaluate) on the screen after a meeting:
 * a score, then Submit; afterwards a thank-you in its place. It is optional: the person can
 * simply go on.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { StarIcon } from '../../ui/icons';
import { RATING_SCORES, useMeetingRating } from './useMeetingRating';
import './rating.css';

export function RatingPanel({ conferenceId }: { conferenceId: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const rating = useMeetingRating(conferenceId, () => setDone(true));
  if (done)
    return (
      <p className="rating__thanks" role="status" data-testid="rating-thanks">
        {t('rating.thanks')}
      </p>
    );
  return (
    <section className="rating" aria-labelledby="rating-title">
      <h2 id="rating-title" className="rating__title">
        {t('rating.title')}
      </h2>
      <p className="rating__hint" id="rating-hint">
        {t('rating.hint')}
      </p>
      <div
        className="rating__stars"
        role="group"
        aria-labelledby="rating-hint"
        onMouseLeave={() => rating.setPreview(null)}
      >
        {RATING_SCORES.map((score) => (
          <button
            key={score}
            type="button"
            className={`rating__star${score <= rating.shown ? ' rating__star--on' : ''}`}
            aria-label={t('rating.starLabel', { score })}
            aria-pressed={rating.score === score}
            data-testid={`rating-star-${score}`}
            onMouseEnter={() => rating.setPreview(score)}
            onClick={() => rating.choose(score)}
          >
            <StarIcon size={32} />
          </button>
        ))}
      </div>
      <p className="rating__label" aria-live="polite">
        {rating.shown > 0 ? t(`rating.score${rating.shown as 1 | 2 | 3 | 4 | 5}`) : '\u00a0'}
      </p>
      <Button
        variant="secondary"
        size="small"
        onClick={() => void rating.submit()}
        disabled={!rating.canSubmit}
        loading={rating.submitting}
        data-testid="rating-submit"
      >
        {t('rating.submit')}
      </Button>
    </section>
  );
}
