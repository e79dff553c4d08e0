/**
 * Sign-in by text message: the number (checked as the server checks it, "Invalid phone number,
 * please reenter"), a code sent to it with the 60 s resend wait of email codes, then sign-in —
 * for a number's first sign-in (`newAccount`) after the name step (useNewAccountName).
 */
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_RESEND_MS,
  normalizePhone,
  type LoginPayload,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { signInApi } from '../../api/sign-in-api';
import { useAuth } from './AuthProvider';
import { useAfterSignIn } from './useAfterSignIn';
import { useCountdown } from './useCountdown';

/** Refusals that belong to the code field rather than the number. */
const CODE_ERRORS = new Set(['incorrectCode', 'codeExpired', 'codeVoid', 'codeFormat']);

/** Stores a phone sign-in and moves on, as every sign-in ends. */
export function useFinishPhoneSignIn() {
  const { signIn } = useAuth();
  const afterSignIn = useAfterSignIn();
  return useCallback(
    (payload: LoginPayload) => {
      signIn(payload, 'phone');
      afterSignIn();
    },
    [signIn, afterSignIn],
  );
}

/** `onNewAccount` takes a number's first sign-in to the name step instead of finishing it. */
export function usePhoneSignin(onNewAccount: (payload: LoginPayload) => void) {
  const { t } = useTranslation();
  const finish = useFinishPhoneSignIn();
  const countdown = useCountdown(EMAIL_CODE_RESEND_MS);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [signingIn, setSigningIn] = useState(false);

  const show = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    if (error.key && CODE_ERRORS.has(error.key)) setCodeError(error.message);
    else setPhoneError(error.message);
  };

  async function sendCode() {
    const number = normalizePhone(phone);
    if (!number) {
      setPhoneError(t('errors.invalidPhone'));
      return;
    }
    setSending(true);
    try {
      await signInApi.sendSms(number, { silent: true });
      setSentTo(number);
      countdown.start();
    } catch (error) {
      show(error);
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) {
      await sendCode();
      return;
    }
    if (!new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code.trim())) {
      setCodeError(t('errors.codeFormat'));
      return;
    }
    setSigningIn(true);
    try {
      const payload = await signInApi.phoneLogin(sentTo, code.trim(), { silent: true });
      if (payload.newAccount) onNewAccount(payload);
      else finish(payload);
    } catch (error) {
      show(error);
    } finally {
      setSigningIn(false);
    }
  }

  return {
    sentTo,
    sending,
    signingIn,
    formProps: { onSubmit: (e: FormEvent) => void onSubmit(e), noValidate: true },
    phoneProps: {
      name: 'phone',
      type: 'tel',
      autoComplete: 'tel',
      inputMode: 'tel' as const,
      placeholder: t('signin.phonePlaceholder'),
      value: phone,
      error: phoneError,
      hint: t('signin.phoneHint'),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setPhone(e.target.value);
        setPhoneError(null);
        setSentTo(null);
      },
    },
    codeProps: {
      name: 'phoneCode',
      inputMode: 'numeric' as const,
      autoComplete: 'one-time-code',
      maxLength: EMAIL_CODE_LENGTH,
      value: code,
      error: codeError,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        setCode(e.target.value);
        setCodeError(null);
      },
    },
    resend: {
      secondsLeft: countdown.secondsLeft,
      disabled: sending || countdown.secondsLeft > 0,
      onClick: () => void sendCode(),
    },
  };
}
