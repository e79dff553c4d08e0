/** Sign-in: email and password, continue as guest, links to sign-up and password reset. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { useSigninForm } from './useSigninForm';

export function SigninForm() {
  const { t } = useTranslation();
  const form = useSigninForm();
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
      <div className="auth-divider">
        <span>{t('auth.or')}</span>
      </div>
      <Button
        variant="secondary"
        block
        loading={form.guestLoading}
        onClick={() => void form.continueAsGuest()}
      >
        {t('auth.continueAsGuest')}
      </Button>
    </AuthCard>
  );
}
