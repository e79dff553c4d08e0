/** State of the reservation screen: the draft, which errors show, and the save call. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { TOPIC_MAX, hasTime, type MeetingListItem } from '@meet/shared';
import { ApiError } from '../../api/client';
import { conferenceApi, type ReservationBody } from '../../api/conference-api';
import { lengthLimit } from '../../ui/length-limit';
import { toast } from '../../ui/toast-store';
import {
  draftFromItem,
  newDraft,
  validateDraft,
  withStart,
  withTimezone,
  type ReservationDraft,
  type ReservationErrors,
} from './reservation-form';
import { useRefreshMeetings } from './meeting-queries';

export function useReservationForm({
  editing,
  timezone,
  now,
  defaultTopic,
  onDone,
}: {
  editing: MeetingListItem | null;
  timezone: string;
  now: number;
  defaultTopic: string;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshMeetings();
  const [draft, setDraft] = useState<ReservationDraft>(() =>
    editing ? draftFromItem(editing, now) : newDraft(now, timezone, defaultTopic),
  );
  // An edit's end too follows a new start (keeping the meeting's length) until the end is edited.
  const [endTouched, setEndTouched] = useState(false);
  // A new draft's times are defaults until the user sets one; an edit's are the meeting's own.
  const [timesChosen, setTimesChosen] = useState(!!editing);
  const savedStart = editing && hasTime(editing) ? editing.startTime : null;
  const [errors, setErrors] = useState<ReservationErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: ReservationBody) =>
      editing
        ? conferenceApi.updateReservation(editing.meetingId, body, { silent: true })
        : conferenceApi.reserve(body, { silent: true }),
    onSuccess: async () => {
      toast.success(t(editing ? 'reservation.updated' : 'reservation.scheduled'));
      await refresh();
      onDone();
    },
    onError: (error) => {
      // The server's msg is already in the user's language (SPEC.md section 8).
      setServerError(error instanceof ApiError ? error.message : t('common.networkError'));
    },
  });

  const change = (patch: Partial<ReservationDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServerError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDraft(draft, now, savedStart);
    setErrors(result.errors);
    setServerError(null);
    if (result.body) save.mutate(result.body);
  };

  // Past the limit the topic says so while typing, and Schedule waits.
  const topicTooLong = lengthLimit(draft.topic, TOPIC_MAX).over;

  const errorText = (field: keyof ReservationErrors) => {
    const key = field === 'topic' && topicTooLong ? 'topicTooLong' : errors[field];
    if (!key) return null;
    return key === 'timeRequired'
      ? t('reservation.timeRequired')
      : t(`errors.${key}`, { max: TOPIC_MAX });
  };

  return {
    draft,
    topicMax: TOPIC_MAX,
    topicTooLong,
    saving: save.isPending,
    serverError,
    errorText,
    setTopic: (topic: string) => {
      change({ topic });
      setErrors((e) => ({ ...e, topic: undefined }));
    },
    // Chosen times read in another zone are other instants: checked again at once (a start may
    // now be past).
    setTimezone: (zone: string) => {
      const next = withTimezone(draft, zone, !timesChosen);
      const { errors: found } = validateDraft(next, now, savedStart);
      setDraft(next);
      setErrors((e) => ({ ...e, start: found.start, end: found.end }));
      setServerError(null);
    },
    setStart: (date: string, time: string) => {
      setTimesChosen(true);
      setDraft((current) => withStart(current, date, time, endTouched));
      setErrors((e) => ({ ...e, start: undefined, end: undefined }));
      setServerError(null);
    },
    setEnd: (patch: Pick<Partial<ReservationDraft>, 'endDate' | 'endTime'>) => {
      setEndTouched(true);
      setTimesChosen(true);
      change(patch);
      setErrors((e) => ({ ...e, end: undefined }));
    },
    setSubtitle: (subtitle: boolean) => change({ subtitle }),
    submit,
  };
}
