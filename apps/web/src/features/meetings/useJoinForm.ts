/** The join form's state: the two required fields, their messages, and the submit. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_MEETING } from '@meet/shared';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import type { JoinMeeting } from './useJoinMeeting';
import { normalizeConferenceId } from './join-session';

/** The user's name, else the nickname a guest typed last time. */
function initialName(userName: string | undefined): string {
  return (userName || localStorage.getItem(StorageKeys.nickname) || '').slice(
    0,
    NICKNAME_MAX_MEETING,
  );
}

export function useJoinForm(flow: JoinMeeting, initialId = '') {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [conferenceId, setConferenceId] = useState(initialId);
  const [name, setName] = useState(() => initialName(user?.userName));
  const [nameTouched, setNameTouched] = useState(false);
  const [idError, setIdError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  // The profile may answer after the first render; follow it until the user types a name.
  const shownName = nameTouched ? name : name || initialName(user?.userName);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = normalizeConferenceId(conferenceId);
    const trimmed = shownName.trim();
    setIdError(id ? null : t('join.conferenceIdPlaceholder'));
    setNameError(trimmed ? null : t('join.userNamePlaceholder'));
    if (!id || !trimmed) return;
    localStorage.setItem(StorageKeys.nickname, trimmed);
    void flow.join({ conferenceId: id, userConferenceName: trimmed });
  };

  return {
    idProps: {
      name: 'conferenceId',
      value: conferenceId,
      error: idError,
      inputMode: 'numeric' as const,
      autoComplete: 'off',
      onChange: (event: { target: { value: string } }) => {
        setConferenceId(event.target.value);
        setIdError(null);
      },
    },
    nameProps: {
      name: 'userConferenceName',
      value: shownName,
      error: nameError,
      maxLength: NICKNAME_MAX_MEETING,
      autoComplete: 'nickname',
      onChange: (event: { target: { value: string } }) => {
        setName(event.target.value);
        setNameTouched(true);
        setNameError(null);
      },
    },
    submit,
  };
}
