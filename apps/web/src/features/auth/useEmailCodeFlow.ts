/**
 * The three-step email flows: sign-up (type register) and forgot password (type reset).
 * Step 1 sends a code, step 2 verifies it, step 3 sets the password and signs in. Once a code is
 * sent, a reload of the page comes back to step 2 for the same address (email-flow-progress.ts).
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { EMAIL_CODE_RESEND_MS, type EmailCodeType, type ErrorKey } from '@meet/shared';
import { ApiError } from '../../api/client';
import { userApi } from '../../api/user-api';
import { toast } from '../../ui/toast-store';
import { useAuth } from './AuthProvider';
import { clearEmailFlow, loadEmailFlow, saveEmailFlow } from './email-flow-progress';
import { checkCode, checkEmail, checkPassword } from './form-checks';
import { useAfterSignIn } from './useAfterSignIn';
import { useCountdown } from './useCountdown';

export type FlowStep = 'email' | 'code' | 'password';
export const FLOW_STEPS: readonly FlowStep[] = ['email', 'code', 'password'];

export function useEmailCodeFlow(type: EmailCodeType) {
  const { t } = useTranslation();
  const auth = useAuth();
  const afterSignIn = useAfterSignIn();
  const [restored] = useState(() => loadEmailFlow(type, Date.now()));
  const countdown = useCountdown(EMAIL_CODE_RESEND_MS, restored?.sentAt);
  const [step, setStep] = useState<FlowStep>(restored ? 'code' : 'email');
  const [email, setEmail] = useState(restored?.email ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one server call; its error (already in the user's language) shows under the field. */
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err.message);
    } finally {
      setBusy(false);
    }
  }

  function invalid(key: ErrorKey | null): boolean {
    setError(key && t(`errors.${key}`));
    return key !== null;
  }

  /** Sends a code to the address, starts the resend wait and keeps both for a reload. */
  async function sendCode() {
    await userApi.generateEmailVerifyCode(email.trim(), type, { silent: true });
    const sentAt = Date.now();
    countdown.start(sentAt);
    saveEmailFlow(type, { email: email.trim(), sentAt });
  }

  const resendCode = () =>
    run(async () => {
      await sendCode();
      toast.info(t('auth.codeResent'));
    });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (step === 'email') {
      if (invalid(checkEmail(email))) return;
      await run(async () => {
        await sendCode();
        setStep('code');
      });
    } else if (step === 'code') {
      if (invalid(checkCode(code))) return;
      await run(async () => {
        await userApi.verifyEmailCode(email.trim(), code.trim(), type, { silent: true });
        setStep('password');
      });
    } else {
      if (invalid(checkPassword(password))) return;
      await run(async () => {
        const call = type === 'register' ? userApi.emailRegister : userApi.resetEmailPassword;
        const payload = await call(email.trim(), code.trim(), password, { silent: true });
        clearEmailFlow(type);
        auth.signIn(payload, 'email');
        if (type === 'reset') toast.success(t('auth.resetDone'));
        afterSignIn();
      });
    }
  }

  function onChange(setter: (value: string) => void) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setter(event.target.value);
      setError(null);
    };
  }

  return {
    step,
    stepIndex: FLOW_STEPS.indexOf(step),
    email: email.trim(),
    busy,
    formProps: { onSubmit, noValidate: true },
    emailProps: {
      name: 'email',
      type: 'email',
      autoComplete: 'email',
      value: email,
      error,
      onChange: onChange(setEmail),
    },
    codeProps: {
      name: 'code',
      inputMode: 'numeric' as const,
      autoComplete: 'one-time-code',
      maxLength: 6,
      value: code,
      error,
      onChange: onChange((value) => setCode(value.replace(/\D/g, ''))),
    },
    passwordProps: {
      name: 'password',
      autoComplete: 'new-password',
      value: password,
      error,
      onChange: onChange(setPassword),
    },
    resend: {
      secondsLeft: countdown.secondsLeft,
      disabled: busy || countdown.secondsLeft > 0,
      onClick: () => void resendCode(),
    },
    changeEmail() {
      clearEmailFlow(type);
      setStep('email');
      setCode('');
      setError(null);
    },
  };
}
