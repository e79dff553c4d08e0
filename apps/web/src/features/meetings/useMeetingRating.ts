/**
 * The five-point quality rating shown after leaving a meeting (SPEC.md section 7, addEvaluate):
 * a score to pick, submit (then thanks) or skip; either way the user moves on. A failed submit
 * has already shown the server's message and does not keep the user here.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { conferenceApi } from '../../api/conference-api';
import { toast } from '../../ui/toast-store';

export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
export type RatingScore = (typeof RATING_SCORES)[number];

export function useMeetingRating(conferenceId: string, onDone: () => void) {
  const { t } = useTranslation();
  const [score, setScore] = useState<RatingScore | null>(null);
  const [preview, setPreview] = useState<RatingScore | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = useCallback(async () => {
    if (score === null || submitting) return;
    setSubmitting(true);
    try {
      await conferenceApi.addEvaluate(conferenceId, score);
      toast.success(t('rating.thanks'));
    } catch {
      // The API client showed why; the rating is optional, so the user still goes on.
    } finally {
      setSubmitting(false);
      onDone();
    }
  }, [conferenceId, onDone, score, submitting, t]);

  /** The stars lit: the one under the pointer while hovering, else the chosen one. */
  const shown = preview ?? score ?? 0;

  return {
    score,
    shown,
    submitting,
    canSubmit: score !== null && !submitting,
    choose: setScore,
    setPreview,
    submit,
    skip: onDone,
  };
}
