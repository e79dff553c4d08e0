/**
 * The join form's state: the two required fields, their messages, and the submit. The ID field
 * takes digits with spaces or dashes between them; the name shows a counter near its limit and
 * blocks the join past it.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { NICKNAME_MAX_MEETING, meetingNickname } from '@meet/shared';
import { lengthLimit } from '../../ui/length-limit';
import { StorageKeys } from '../auth/auth-store';
import { useAuth } from '../auth/AuthProvider';
import type { JoinMeeting } from './useJoinMeeting';
import { conferenceIdInput, normalizeConferenceId, refuseNonIdCharacter } from './join-session';

/**
 * The user's name, else the nickname a guest typed last time — cut to the meeting limit, with
 * a flag so the form can say so (the person sees and may change it; nothing is refused).
 */
function initialName(userName: string | undefined) {
  return meetingNickname(userName || localStorage.getItem(StorageKeys.nickname) || '');
}

export function useJoinForm(flow: JoinMeeting, initialId = '') {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [conferenceId, setConferenceId] = useState(() => conferenceIdInput(initialId));
  const [name, setName] = useState(() => initialName(user?.userName).name);
  const [nameTouched, setNameTouched] = useState(false);
  const [idError, setIdError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  // The profile may answer after the first render; follow it until the user types a name.
  const initial = initialName(user?.userName);
  const shownName = nameTouched ? name : name || initial.name;
  // The profile name was longer than a meeting name may be: say what others will see.
  const shortenedNote =
    !nameTouched && initial.shortened && shownName === initial.name
      ? t('join.nameShortened', { max: NICKNAME_MAX_MEETING, name: initial.name })
      : null;
  const nameTooLong = lengthLimit(shownName, NICKNAME_MAX_MEETING).over;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameTooLong) return;
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
      onBeforeInput: refuseNonIdCharacter,
      onChange: (event: { target: { value: string } }) => {
        setConferenceId(conferenceIdInput(event.target.value));
        setIdError(null);
      },
    },
    nameProps: {
      name: 'userConferenceName',
      value: shownName,
      error:
        nameError ??
        (nameTooLong ? t('errors.nicknameTooLong', { max: NICKNAME_MAX_MEETING }) : null),
      limit: NICKNAME_MAX_MEETING,
      hint: shortenedNote,
      autoComplete: 'nickname',
      onChange: (event: { target: { value: string } }) => {
        setName(event.target.value);
        setNameTouched(true);
        setNameError(null);
      },
    },
    /** The name is past its limit: the error says so and the join waits. */
    blocked: nameTooLong,
    submit,
  };
}
