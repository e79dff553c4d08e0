/** The Binding page (SPEC.md section 2, /binding): link a Google account to an existing account. */
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import { PasswordField } from './PasswordField';
import { useBinding } from './useBinding';

export function BindingScreen() {
  const { t } = useTranslation();
  const binding = useBinding();
  return (
    <AuthCard title={t('signin.bindingTitle')}>
      {binding.error && (
        <p className="auth-alert" role="alert">
          {binding.error}
        </p>
      )}
      {binding.stage === 'password' && (
        <form className="auth-form" {...binding.formProps}>
          <p className="auth-note">
            {t('signin.bindingExisting', { email: binding.email || '…' })}
          </p>
          <PasswordField label={t('signin.bindingPassword')} {...binding.passwordProps} />
          <Button type="submit" block loading={binding.busy}>
            {t('signin.bindingLink')}
          </Button>
        </form>
      )}
      {binding.stage === 'linking' && !binding.error && (
        <p className="auth-note">{t('signin.bindingLinking')}</p>
      )}
      {binding.stage === 'linked' && <p role="status">{t('signin.bindingDone')}</p>}
      {binding.stage === 'already' && <p>{t('signin.bindingAlready')}</p>}
      {binding.stage === 'unavailable' && <p>{t('signin.bindingUnavailable')}</p>}
      {binding.stage === 'start' && (
        <>
          <p className="auth-note">{t('signin.bindingSignedIn')}</p>
          <Button block loading={binding.busy} onClick={binding.start}>
            {t('signin.bindingStart')}
          </Button>
        </>
      )}
      {binding.stage === 'signInFirst' && (
        <p>
          {t('signin.bindingSignInFirst')}{' '}
          <Link to="/signin?from=%2Fbinding">{t('signin.signInLink')}</Link>
        </p>
      )}
      {binding.stage !== 'password' && binding.stage !== 'signInFirst' && (
        <p className="auth-page__footer">
          <Link to="/home">{t('signin.goHome')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
