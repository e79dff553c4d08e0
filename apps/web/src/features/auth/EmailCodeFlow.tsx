/** The three steps of sign-up and password reset: email, then code, then password. */
import { useTranslation } from '../../i18n/useTranslation';
import { Link, useLocation } from 'react-router';
import type { EmailCodeType } from '@meet/shared';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { FLOW_STEPS, useEmailCodeFlow } from './useEmailCodeFlow';

export function EmailCodeFlow({ type }: { type: EmailCodeType }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const flow = useEmailCodeFlow(type);
  const register = type === 'register';
  // A reset is answered alike for every address, so its code step cannot say one was sent.

  return (
    <AuthCard
      title={t(register ? 'auth.signupTitle' : 'auth.forgotTitle')}
      subtitle={
        flow.step === 'code'
          ? t(register ? 'auth.codeSentTo' : 'auth.codeSentIfAccount', { email: flow.email })
          : t(register ? 'auth.signupSubtitle' : 'auth.forgotSubtitle')
      }
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to={{ pathname: '/signin', search }}>{t('auth.signinLink')}</Link>
        </>
      }
    >
      <ol
        className="auth-steps"
        aria-label={t('auth.step', { step: flow.stepIndex + 1, total: FLOW_STEPS.length })}
      >
        {FLOW_STEPS.map((step, index) => (
          <li
            key={step}
            className={
              index <= flow.stepIndex ? 'auth-steps__dot auth-steps__dot--done' : 'auth-steps__dot'
            }
            aria-current={index === flow.stepIndex ? 'step' : undefined}
          />
        ))}
      </ol>
      <form className="auth-form" {...flow.formProps}>
        {flow.step === 'email' && (
          <>
            <TextField key="email" label={t('auth.email')} autoFocus {...flow.emailProps} />
            <Button type="submit" block loading={flow.busy}>
              {t('auth.sendCode')}
            </Button>
          </>
        )}
        {flow.step === 'code' && (
          <>
            <TextField key="code" label={t('auth.code')} autoFocus {...flow.codeProps} />
            <div className="auth-form__row auth-form__row--split">
              <button type="button" className="auth-link-btn" onClick={flow.changeEmail}>
                {t('auth.changeEmail')}
              </button>
              <button type="button" className="auth-link-btn" {...flow.resend}>
                {flow.resend.secondsLeft > 0
                  ? t('auth.resendIn', { seconds: flow.resend.secondsLeft })
                  : t('auth.resend')}
              </button>
            </div>
            <Button type="submit" block loading={flow.busy}>
              {t('auth.verify')}
            </Button>
          </>
        )}
        {flow.step === 'password' && (
          <>
            <PasswordField
              key="password"
              label={t(register ? 'auth.password' : 'auth.newPassword')}
              hint={t('auth.passwordHint')}
              autoFocus
              {...flow.passwordProps}
            />
            <Button type="submit" block loading={flow.busy}>
              {t(register ? 'auth.createAccount' : 'auth.resetPassword')}
            </Button>
          </>
        )}
      </form>
    </AuthCard>
  );
}
