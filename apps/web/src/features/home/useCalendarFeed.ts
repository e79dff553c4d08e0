/**
 * The Integrations dialog's state: the user's private calendar address (made by the server the
 * first time it is asked for, which also puts their scheduled meetings in it — the lists are
 * refreshed so "In your calendar feed" shows), copying it, and Reset link (asked twice, since
 * the old address stops working at once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { calendarApi } from '../../api/calendar-api';
import { toast } from '../../ui/toast-store';
import { useCopy } from '../../ui/useCopy';
import { meetingsKey } from '../meetings/meeting-queries';

export const calendarFeedKey = ['calendarFeed'] as const;

export function useCalendarFeed() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const copy = useCopy();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const feed = useQuery({
    queryKey: calendarFeedKey,
    queryFn: async () => {
      const { url } = await calendarApi.feed({ silent: true });
      void queryClient.invalidateQueries({ queryKey: meetingsKey });
      return url;
    },
    retry: false,
    staleTime: Infinity,
  });
  const reset = useMutation({
    mutationFn: () => calendarApi.resetFeed(),
    onSuccess: ({ url }) => {
      queryClient.setQueryData(calendarFeedKey, url);
      setConfirmingReset(false);
      toast.success(t('integrations.calendar.resetDone'));
    },
  });
  const url = feed.data ?? null;
  return {
    url,
    loading: feed.isPending,
    failed: feed.isError,
    retry: () => void feed.refetch(),
    copy: () => {
      if (url) void copy(url);
    },
    confirmingReset,
    askReset: () => setConfirmingReset(true),
    cancelReset: () => setConfirmingReset(false),
    confirmReset: () => reset.mutate(),
    resetting: reset.isPending,
  };
}
