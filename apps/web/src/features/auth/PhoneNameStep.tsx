/**
 * The name step of a new phone account, in the sign-in card titled "What should we call you?":
 * the name, Continue, or Skip.
 */
import type { LoginPayload } from '@meet/shared';
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useNewAccountName } from './useNewAccountName';

export function PhoneNameStep({
  pending,
  onDone,
}: {
  pending: LoginPayload;
  onDone(payload: LoginPayload): void;
}) {
  const { t } = useTranslation();
  const step = useNewAccountName(pending, onDone);
  return (
    <form className="auth-form" aria-label={t('signin.nameTitle')} {...step.formProps}>
      <p className="auth-note">{t('signin.nameIntro', { phone: pending.userInfo.userName })}</p>
      <TextField label={t('signin.nameLabel')} {...step.nameProps} />
      <Button type="submit" block loading={step.saving}>
        {t('signin.nameSave')}
      </Button>
      <Button variant="secondary" block {...step.skip}>
        {t('signin.nameSkip')}
      </Button>
    </form>
  );
}
