/**
 * "Continue with Google" on the sign-in page: off to Google, and back — the callback returns to
 * /signin with a one-time ticket (or an error key), which signs in, or sends the user to
 * /binding when the Google address already has an account.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useLocation, useNavigate } from 'react-router';
import { isErrorKey } from '@meet/shared';
import { ApiError } from '../../api/client';
import { signInApi } from '../../api/sign-in-api';
import { safeFrom } from '../../app/routing-rules';
import { useAuth } from './AuthProvider';

export function useGoogleSignin() {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef<string | null>(null);

  const params = new URLSearchParams(search);
  const ticket = params.get('google');
  const failed = params.get('googleError');

  useEffect(() => {
    if (failed)
      setError(isErrorKey(failed) ? t(`errors.${failed}`) : t('errors.googleSignInFailed'));
  }, [failed, t]);

  useEffect(() => {
    if (!ticket || handled.current === ticket) return;
    handled.current = ticket;
    setBusy(true);
    signInApi
      .firebaseLogin(ticket, { silent: true })
      .then((payload) => {
        auth.signIn(payload, 'google');
        void navigate(safeFrom(search) ?? '/home', { replace: true });
      })
      .catch((caught: unknown) => {
        setBusy(false);
        if (!(caught instanceof ApiError)) throw caught;
        if (caught.key === 'googleAccountExists') {
          const email = (caught.payload as { email?: string } | null)?.email ?? '';
          void navigate(`/binding?ticket=${encodeURIComponent(ticket)}`, {
            replace: true,
            state: { email },
          });
          return;
        }
        setError(caught.message);
      });
  }, [ticket, search, auth, navigate]);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await signInApi.googleStart('login', safeFrom(search) ?? undefined);
      window.location.assign(url);
    } catch (caught) {
      setBusy(false);
      if (!(caught instanceof ApiError)) throw caught;
    }
  }

  return { busy, error, start: () => void start() };
}
