/** State and actions of the sign-in form: email + password, or continue as a guest. */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { userApi } from '../../api/user-api';
import { matchRoute, safeFrom } from '../../app/routing-rules';
import { useAuth } from './AuthProvider';
import { checkEmail } from './form-checks';
import { useAfterSignIn } from './useAfterSignIn';

/** Pages a guest may open; anything else after "continue as guest" goes to Join. */
const GUEST_PAGES = new Set(['join', 'invite', 'meeting', 'record']);

export function useSigninForm() {
  const { t } = useTranslation();
  const auth = useAuth();
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [guestLoading, setGuestLoading] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const emailKey = checkEmail(email);
    setEmailError(emailKey && t(`errors.${emailKey}`));
    setPasswordError(password ? null : t('errors.fieldRequired', { field: t('auth.password') }));
    if (emailKey || !password) return;
    setSubmitting(true);
    try {
      const payload = await userApi.emailLogin(email.trim(), password, { silent: true });
      auth.signIn(payload, 'email');
      afterSignIn();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The server does not say which of the two was wrong ("Incorrect email or password"), so
      // no one learns from this form which addresses have an account.
      setPasswordError(error.message);
    } finally {
      setSubmitting(false);
    }
  }

  async function continueAsGuest() {
    setGuestLoading(true);
    try {
      await auth.ensureVisitor();
      const from = safeFrom(search);
      const target =
        from && GUEST_PAGES.has(matchRoute(from.split('?')[0] ?? '').name) ? from : '/join';
      void navigate(target, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setGuestLoading(false);
    }
  }

  return {
    submitting,
    guestLoading,
    search,
    formProps: { onSubmit, noValidate: true },
    emailProps: {
      name: 'email',
      type: 'email',
      autoComplete: 'username',
      value: email,
      error: emailError,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setEmail(e.target.value);
        setEmailError(null);
      },
    },
    passwordProps: {
      name: 'password',
      autoComplete: 'current-password',
      value: password,
      error: passwordError,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setPassword(e.target.value);
        setPasswordError(null);
      },
    },
    continueAsGuest,
  };
}
