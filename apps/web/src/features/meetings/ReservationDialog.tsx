/** The reservation screen: schedule a meeting, or edit one the user created. */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { MeetingListItem } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { TimezonePicker } from './TimezonePicker';
import { useReservationForm } from './useReservationForm';
import './meetings.css';

export interface ReservationDialogProps {
  editing: MeetingListItem | null;
  timezone: string;
  now: number;
  defaultTopic: string;
  onClose(): void;
}

export default function ReservationDialog({
  editing,
  timezone,
  now,
  defaultTopic,
  onClose,
}: ReservationDialogProps) {
  const { t } = useTranslation();
  const ids = useId();
  const form = useReservationForm({ editing, timezone, now, defaultTopic, onDone: onClose });
  const { draft } = form;
  const startError = form.errorText('start');
  const endError = form.errorText('end');
  return (
    <Dialog
      open
      title={t(editing ? 'reservation.editTitle' : 'reservation.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={520}
    >
      <form className="reservation" onSubmit={form.submit} noValidate>
        <TextField
          label={t('reservation.topic')}
          name="topic"
          value={draft.topic}
          limit={form.topicMax}
          error={form.errorText('topic')}
          onChange={(e) => form.setTopic(e.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-tz`}>
            {t('meetings.timezone')}
          </label>
          <TimezonePicker
            id={`${ids}-tz`}
            name="timezone"
            value={draft.timezone}
            onChange={form.setTimezone}
          />
        </div>
        <fieldset className={startError ? 'when field--invalid' : 'when'}>
          <legend className="field__label">{t('reservation.start')}</legend>
          <div className="when__row">
            <input
              type="date"
              name="startDate"
              className="field__input"
              aria-label={t('reservation.startDate')}
              value={draft.startDate}
              onChange={(e) => form.setStart(e.target.value, draft.startTime)}
            />
            <input
              type="time"
              name="startTime"
              className="field__input"
              aria-label={t('reservation.startTime')}
              value={draft.startTime}
              onChange={(e) => form.setStart(draft.startDate, e.target.value)}
            />
          </div>
          {startError && (
            <div className="field__error" role="alert" data-testid="reservation-start-error">
              {startError}
            </div>
          )}
        </fieldset>
        <fieldset className={endError ? 'when field--invalid' : 'when'}>
          <legend className="field__label">{t('reservation.end')}</legend>
          <div className="when__row">
            <input
              type="date"
              name="endDate"
              className="field__input"
              aria-label={t('reservation.endDate')}
              value={draft.endDate}
              onChange={(e) => form.setEnd({ endDate: e.target.value })}
            />
            <input
              type="time"
              name="endTime"
              className="field__input"
              aria-label={t('reservation.endTime')}
              value={draft.endTime}
              onChange={(e) => form.setEnd({ endTime: e.target.value })}
            />
          </div>
          {endError && (
            <div className="field__error" role="alert" data-testid="reservation-end-error">
              {endError}
            </div>
          )}
        </fieldset>
        <label className="check">
          <input
            type="checkbox"
            name="subtitle"
            checked={draft.subtitle}
            onChange={(e) => form.setSubtitle(e.target.checked)}
          />
          <span>{t('reservation.subtitle')}</span>
        </label>
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
        <div className="reservation__footer">
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.saving} disabled={form.topicTooLong}>
            {t(editing ? 'reservation.save' : 'reservation.schedule')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
