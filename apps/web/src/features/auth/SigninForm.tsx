/**
 * Sign-in (SPEC.md section 6, sign-in types): email and password, a code by text message, or a
 * QR code approved on a signed-in device, each in its own tab; Google when the server offers it;
 * continue as guest; links to sign-up and password reset. A phone number's first sign-in then
 * asks for a display name in the same card, with nothing else on it (issue 30).
 */
import { useState, type KeyboardEvent } from 'react';
import type { LoginPayload } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { PhoneNameStep } from './PhoneNameStep';
import { PhoneSignin } from './PhoneSignin';
import { QrSignin } from './QrSignin';
import { useGoogleSignin } from './useGoogleSignin';
import { useFinishPhoneSignIn } from './usePhoneSignin';
import { useSigninForm } from './useSigninForm';
import { useSignInMethods } from './useSignInMethods';

const TABS = ['email', 'phone', 'qr'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS = {
  email: 'signin.tabEmail',
  phone: 'signin.tabPhone',
  qr: 'signin.tabQr',
} as const;

export function SigninForm() {
  const { t } = useTranslation();
  const form = useSigninForm();
  const methods = useSignInMethods();
  const google = useGoogleSignin();
  const [tab, setTab] = useState<Tab>('email');
  /** A new phone account's sign-in, held until it has a name. */
  const [naming, setNaming] = useState<LoginPayload | null>(null);
  const finishPhone = useFinishPhoneSignIn();

  // Arrow keys move between tabs, as a tab list does.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    document.getElementById(`signin-tab-${next}`)?.focus();
  };

  if (naming) {
    return (
      <AuthCard title={t('signin.nameTitle')}>
        <PhoneNameStep pending={naming} onDone={finishPhone} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.signinTitle')}
      subtitle={t('auth.signinSubtitle')}
      footer={
        <>
          {t('auth.noAccount')}{' '}
          <Link to={{ pathname: '/signup', search: form.search }}>{t('auth.signupLink')}</Link>
        </>
      }
    >
      <div className="auth-tabs" role="tablist" aria-label={t('signin.methodsLabel')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`signin-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`signin-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'auth-tabs__tab auth-tabs__tab--active' : 'auth-tabs__tab'}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      {google.error && (
        <p className="auth-alert" role="alert">
          {google.error}
        </p>
      )}
      <div role="tabpanel" id={`signin-panel-${tab}`} aria-labelledby={`signin-tab-${tab}`}>
        {tab === 'email' && (
          <form className="auth-form" {...form.formProps}>
            <TextField label={t('auth.email')} {...form.emailProps} />
            <PasswordField label={t('auth.password')} {...form.passwordProps} />
            <div className="auth-form__row">
              <Link to={{ pathname: '/forgot-password', search: form.search }}>
                {t('auth.forgotPasswordLink')}
              </Link>
            </div>
            <Button type="submit" block loading={form.submitting}>
              {t('auth.signin')}
            </Button>
          </form>
        )}
        {tab === 'phone' && <PhoneSignin onNewAccount={setNaming} />}
        {tab === 'qr' && <QrSignin />}
      </div>
      <div className="auth-divider">
        <span>{t('auth.or')}</span>
      </div>
      <div className="auth-alternatives">
        {methods.google && (
          <Button variant="secondary" block loading={google.busy} onClick={google.start}>
            <GoogleMark />
            {t('signin.continueWithGoogle')}
          </Button>
        )}
        <Button
          variant="secondary"
          block
          loading={form.guestLoading}
          onClick={() => void form.continueAsGuest()}
        >
          {t('auth.continueAsGuest')}
        </Button>
      </div>
    </AuthCard>
  );
}

/** Google's "G", drawn in its four colours (the brand's rule for sign-in buttons). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
