/**
 * A QR code of the mobile app's link with the link written under it, for people who would rather
 * type it or tap it. Loaded on first use, so the QR encoder stays out of Home's first screen.
 * Test hook: `mobile-app-qr`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { QrCode } from '../../ui/QrCode';
import './mobile-app.css';

export default function MobileAppQr({ url, size = 168 }: { url: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <figure className="mobile-app-qr">
      <QrCode text={url} size={size} label={t('home.appQrLabel')} testId="mobile-app-qr" />
      <figcaption>
        <a href={url} target="_blank" rel="noreferrer" className="mobile-app-qr__link">
          {url}
        </a>
      </figcaption>
    </figure>
  );
}
