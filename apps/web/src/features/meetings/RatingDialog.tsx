/** The quality rating after leaving: five stars, Submit (once a star is chosen) and Skip. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { StarIcon } from '../../ui/icons';
import { RATING_SCORES, useMeetingRating } from './useMeetingRating';
import './rating.css';

export interface RatingDialogProps {
  conferenceId: string;
  /** Submitted or skipped: where the user goes next is the page's choice. */
  onDone: () => void;
}

export function RatingDialog({ conferenceId, onDone }: RatingDialogProps) {
  const { t } = useTranslation();
  const rating = useMeetingRating(conferenceId, onDone);
  return (
    <Dialog
      open
      title={t('rating.title')}
      onClose={rating.skip}
      closeLabel={t('common.close')}
      width={420}
      footer={
        <>
          <Button variant="text" onClick={rating.skip} data-testid="rating-skip">
            {t('rating.skip')}
          </Button>
          <Button
            onClick={() => void rating.submit()}
            disabled={!rating.canSubmit}
            loading={rating.submitting}
            data-testid="rating-submit"
          >
            {t('rating.submit')}
          </Button>
        </>
      }
    >
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
            data-autofocus={score === 1 ? true : undefined}
            onMouseEnter={() => rating.setPreview(score)}
            onClick={() => rating.choose(score)}
          >
            <StarIcon size={36} />
          </button>
        ))}
      </div>
      <p className="rating__label" aria-live="polite">
        {rating.shown > 0 ? t(`rating.score${rating.shown as 1 | 2 | 3 | 4 | 5}`) : '\u00a0'}
      </p>
    </Dialog>
  );
}
