/** The QR code tab of sign-in: the code to open on a signed-in device, and how it is going. */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { QrCode } from '../../ui/QrCode';
import { useQrSignin } from './useQrSignin';

export function QrSignin() {
  const { t } = useTranslation();
  const qr = useQrSignin();
  const over = qr.status === 'expired' || qr.status === 'denied' || qr.status === 'used';
  return (
    <div className="auth-qr" data-testid="qr-signin" data-status={qr.status}>
      <p className="auth-qr__title">{t('signin.qrTitle')}</p>
      <div className={over ? 'auth-qr__code auth-qr__code--over' : 'auth-qr__code'}>
        {qr.link ? (
          <QrCode text={qr.link} size={184} label={t('signin.qrImageLabel')} testId="signin-qr" />
        ) : (
          <span className="auth-qr__placeholder">{t('signin.qrLoading')}</span>
        )}
      </div>
      <p className="auth-note" role="status">
        {qr.status === 'scanned'
          ? t('signin.qrScanned')
          : qr.status === 'denied'
            ? t('signin.qrDenied')
            : qr.status === 'expired' || qr.status === 'used'
              ? t('signin.qrExpired')
              : t('signin.qrSteps')}
      </p>
      {qr.link && !over && (
        <p className="auth-qr__link">
          {t('signin.qrLink')}{' '}
          <a href={qr.link} data-testid="scan-link">
            {qr.link}
          </a>
        </p>
      )}
      {(over || qr.status === 'error') && (
        <Button variant="secondary" onClick={qr.refresh}>
          {t('signin.qrRefresh')}
        </Button>
      )}
    </div>
  );
}
