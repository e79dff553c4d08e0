/**
 * The /binding page: links a Google account to an existing one. Back from Google with a ticket,
 * signed out: the existing account's password links it and signs in; signed in: the link is
 * made at once. Without a ticket, a signed-in account can start linking.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { useLocation, useNavigate } from 'react-router';
import { isErrorKey } from '@meet/shared';
import { ApiError } from '../../api/client';
import { signInApi } from '../../api/sign-in-api';
import { useAuth } from './AuthProvider';
import { useSignInMethods } from './useSignInMethods';

export type BindingStage =
  'password' | 'linking' | 'linked' | 'start' | 'already' | 'signInFirst' | 'unavailable';

export function useBinding() {
  const { t } = useTranslation();
  const auth = useAuth();
  const methods = useSignInMethods();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const ticket = params.get('ticket');
  const failed = params.get('googleError');
  const [email, setEmail] = useState<string>(
    (location.state as { email?: string } | null)?.email ?? '',
  );
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(
    failed ? t(isErrorKey(failed) ? `errors.${failed}` : 'errors.googleSignInFailed') : null,
  );
  const [busy, setBusy] = useState(false);
  const [linked, setLinked] = useState(false);
  const started = useRef<string | null>(null);
  const signedIn = auth.isRealLogin;

  const show = (caught: unknown) => {
    if (!(caught instanceof ApiError)) throw caught;
    setError(caught.message);
  };

  useEffect(() => {
    if (!ticket || started.current === ticket) return;
    started.current = ticket;
    if (signedIn) {
      // Linking was asked for from this account: do it now.
      setBusy(true);
      signInApi
        .bindGoogle(ticket, undefined, { silent: true })
        .then(() => {
          setLinked(true);
          void auth.refreshUser();
        }, show)
        .finally(() => setBusy(false));
    } else if (!email) {
      // Opened again (a reload): which account it is, the server says once more.
      signInApi.firebaseLogin(ticket, { silent: true }).then(
        (payload) => {
          auth.signIn(payload, 'google');
          void navigate('/home', { replace: true });
        },
        (caught: unknown) => {
          if (caught instanceof ApiError && caught.key === 'googleAccountExists') {
            setEmail((caught.payload as { email?: string } | null)?.email ?? '');
          } else show(caught);
        },
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket, signedIn]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ticket) return;
    if (!password) {
      setError(t('errors.fieldRequired', { field: t('signin.bindingPassword') }));
      return;
    }
    setBusy(true);
    try {
      const payload = await signInApi.bindGoogle(ticket, password, { silent: true });
      auth.signIn(payload, 'google');
      void navigate('/home', { replace: true });
    } catch (caught) {
      show(caught);
      setBusy(false);
    }
  }

  async function start() {
    setBusy(true);
    try {
      const { url } = await signInApi.googleStart('bind');
      window.location.assign(url);
    } catch (caught) {
      setBusy(false);
      show(caught);
    }
  }

  const alreadyLinked = !!(auth.user && 'googleLinked' in auth.user && auth.user.googleLinked);
  const stage: BindingStage = linked
    ? 'linked'
    : ticket
      ? signedIn
        ? 'linking'
        : 'password'
      : !signedIn
        ? 'signInFirst'
        : alreadyLinked
          ? 'already'
          : methods.google
            ? 'start'
            : 'unavailable';

  return {
    stage,
    email,
    error,
    busy,
    start: () => void start(),
    formProps: { onSubmit: (e: FormEvent) => void onSubmit(e), noValidate: true },
    passwordProps: {
      name: 'password',
      autoComplete: 'current-password',
      value: password,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setPassword(e.target.value);
        setError(null);
      },
    },
  };
}
