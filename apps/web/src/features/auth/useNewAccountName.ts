/**
 * The name step after a phone number's first sign-in (issue 30): the new account is named by the
 * masked number, so the person is asked what to be called before going on. The name is saved
 * with the profile call (then it is the default name in meetings); Skip keeps the number. The
 * sign-in is stored only once this step is done, so the sign-in page stays until then.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { LoginPayload } from '@meet/shared';
import { NICKNAME_MAX_PROFILE } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { ApiError } from '../../api/client';
import { userApi } from '../../api/user-api';
import { checkDisplayName } from './form-checks';

export function useNewAccountName(pending: LoginPayload, finish: (payload: LoginPayload) => void) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const key = checkDisplayName(name);
    if (key) {
      setError(t(`errors.${key}`, { max: NICKNAME_MAX_PROFILE }));
      return;
    }
    const username = name.trim();
    // The masked number typed back: nothing to change.
    if (username === pending.userInfo.userName) {
      finish(pending);
      return;
    }
    setSaving(true);
    try {
      // The sign-in is not stored yet: the call carries its token.
      const userInfo = await userApi.updateUserInfo(username, {
        silent: true,
        token: pending.token,
      });
      finish({ ...pending, userInfo });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.message);
      setSaving(false);
    }
  }

  return {
    saving,
    formProps: { onSubmit: (e: FormEvent) => void onSubmit(e), noValidate: true },
    nameProps: {
      name: 'displayName',
      autoComplete: 'name',
      autoFocus: true,
      limit: NICKNAME_MAX_PROFILE,
      value: name,
      error,
      hint: t('signin.nameHint'),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setName(e.target.value);
        setError(null);
      },
    },
    skip: { disabled: saving, onClick: () => finish(pending) },
  };
}
