/** The Phone tab of sign-in: number, Send code, the code, Sign in; a new number then names itself. */
import { useTranslation } from '../../i18n/useTranslation';
import { maskPhone, type LoginPayload } from '@meet/shared';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { usePhoneSignin } from './usePhoneSignin';

export function PhoneSignin({
  onNewAccount,
}: {
  /** A number's first sign-in, held for the name step (PhoneNameStep). */
  onNewAccount(payload: LoginPayload): void;
}) {
  const { t } = useTranslation();
  const form = usePhoneSignin(onNewAccount);
  return (
    <form className="auth-form" {...form.formProps}>
      <div className="auth-phone-row">
        <TextField label={t('signin.phone')} {...form.phoneProps} />
        <Button
          variant="secondary"
          className="auth-phone-row__send"
          loading={form.sending}
          {...form.resend}
        >
          {form.resend.secondsLeft > 0
            ? t('signin.resendIn', { seconds: form.resend.secondsLeft })
            : t('signin.sendCode')}
        </Button>
      </div>
      {form.sentTo && (
        <>
          <p className="auth-note" role="status">
            {t('signin.codeSent', { phone: maskPhone(form.sentTo) })}
          </p>
          <TextField label={t('signin.code')} autoFocus {...form.codeProps} />
        </>
      )}
      <Button type="submit" block loading={form.signingIn}>
        {t('signin.signIn')}
      </Button>
    </form>
  );
}
