/**
 * Live changes of a meeting's polls while the dialog is open (room events in the meeting, the
 * message socket outside it). In the meeting every change refreshes what is shown. Outside it,
 * SPEC.md section 4: only an attendee with this very poll open reacts, with a notice.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { PollChange } from '@meet/shared';
import { toast } from '../../ui/toast-store';
import type { PollCache } from './usePollCache';

export type PollChangeListener = (voteId: number, change: PollChange) => void;

interface PollLiveEventsInput {
  /** Where the changes come from; nothing to follow without it. */
  subscribe: ((listener: PollChangeListener) => () => void) | undefined;
  inMeeting: boolean;
  /** This poll is open in the dialog now. */
  isShowing: (voteId: number) => boolean;
  cache: PollCache;
  /** The poll is gone: out of the cache, and out of view when it is open. */
  gone: (voteId: number) => void;
}

export function usePollLiveEvents({
  subscribe,
  inMeeting,
  isShowing,
  cache,
  gone,
}: PollLiveEventsInput) {
  const { t } = useTranslation();

  const handleChange = useCallback<PollChangeListener>(
    (id, change) => {
      const viewing = isShowing(id);
      if (!inMeeting) {
        const shown = cache.cached(id);
        if (!viewing || !shown || shown.isHost) return;
        if (change === 'deleted') {
          toast.warning(t('polls.toast.removed'));
          gone(id);
          return;
        }
        if (change === 'resultPublished') toast.info(t('errors.pollResultShared'));
        if (change === 'resultUnpublished') toast.info(t('errors.pollResultHidden'));
        cache.refreshPoll(id);
        cache.refreshList();
        return;
      }
      cache.refreshList();
      if (change === 'deleted') {
        if (viewing) toast.warning(t('polls.toast.removed'));
        gone(id);
        return;
      }
      if (viewing) cache.refreshPoll(id);
    },
    [inMeeting, isShowing, cache, gone, t],
  );

  useEffect(() => subscribe?.(handleChange), [subscribe, handleChange]);
}
