/**
 * The phone icon: pointing at it, focusing it or clicking it shows a QR code of the mobile app's
 * link (the server's MOBILE_APP_URL) with the link under it. Without a link there is no icon.
 * Test hook: `phone-app`.
 */
import { lazy, Suspense, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { IconButton } from '../../ui/Button';
import { PhoneIcon } from '../../ui/icons';
import { Popover } from '../../ui/Popover';
import { useMobileAppUrl } from '../mobile-app/useMobileAppUrl';

const MobileAppQr = lazy(() => import('../mobile-app/MobileAppQr'));

export function PhoneAppPopover() {
  const { t } = useTranslation();
  const url = useMobileAppUrl();
  const [open, setOpen] = useState(false);
  if (!url) return null;
  return (
    <div
      className="popover-anchor"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      // Moving from the icon to the link inside keeps it open.
      onBlur={(event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <IconButton
        aria-label={t('home.phoneApp')}
        aria-expanded={open}
        data-testid="phone-app"
        onClick={() => setOpen((value) => !value)}
      >
        <PhoneIcon />
      </IconButton>
      {open && (
        <Popover label={t('home.phoneApp')} className="phone-popover">
          <p className="phone-popover__title">{t('home.phoneApp')}</p>
          <Suspense fallback={<div className="phone-popover__loading" />}>
            <MobileAppQr url={url} />
          </Suspense>
          <p className="phone-popover__hint">{t('home.scanToDownload')}</p>
        </Popover>
      )}
    </div>
  );
}
