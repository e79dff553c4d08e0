/**
 * Joining from Home with just a meeting ID (the signed-in user's name is used): digits with
 * spaces or dashes between them, checked for shape before the join call. Another name goes
 * through the Join page. Test hook: `input[name=quickJoinId]`.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import {
  conferenceIdInput,
  isWellFormedConferenceId,
  normalizeConferenceId,
  refuseNonIdCharacter,
} from './join-session';

export function QuickJoin({ joining, onJoin }: { joining: boolean; onJoin(id: string): void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = normalizeConferenceId(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!id) return setError(t('join.conferenceIdPlaceholder'));
    if (!isWellFormedConferenceId(id)) return setError(t('errors.meetingNoExist'));
    onJoin(id);
  };

  return (
    <form className="quick-join" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="meetings-card__title">
        {t('meetings.quickJoinTitle')}
      </h2>
      <div className={error ? 'quick-join__row field--invalid' : 'quick-join__row'}>
        <input
          name="quickJoinId"
          className="field__input"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('meetings.quickJoinPlaceholder')}
          aria-label={t('join.conferenceId')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          value={value}
          onBeforeInput={refuseNonIdCharacter}
          onChange={(event) => {
            setValue(conferenceIdInput(event.target.value));
            setError(null);
          }}
        />
        <Button type="submit" variant="secondary" loading={joining}>
          {t('meetings.join')}
        </Button>
      </div>
      {error && (
        <p id={`${ids}-error`} className="field__error quick-join__error" role="alert">
          {error}
        </p>
      )}
      <Link className="quick-join__other" to={id ? `/join?id=${encodeURIComponent(id)}` : '/join'}>
        {t('meetings.quickJoinOtherName')}
      </Link>
    </form>
  );
}
