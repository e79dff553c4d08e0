/** The phone icon; hovering (or focusing) it shows QR codes for the iOS and Android apps. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/Button';
import { PhoneIcon } from '../../ui/icons';
import { Popover } from '../../ui/Popover';
import { QrPlaceholder } from './QrPlaceholder';

export function PhoneAppPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div
      className="popover-anchor"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      <IconButton aria-label={t('home.phoneApp')} aria-expanded={open}>
        <PhoneIcon />
      </IconButton>
      {open && (
        <Popover label={t('home.phoneApp')} className="phone-popover">
          <p className="phone-popover__title">{t('home.phoneApp')}</p>
          <div className="phone-popover__codes">
            {(['ios', 'android'] as const).map((os) => (
              <figure key={os} className="phone-popover__code">
                <QrPlaceholder seed={os} />
                <figcaption>{t(`home.${os}`)}</figcaption>
              </figure>
            ))}
          </div>
          <p className="phone-popover__hint">{t('home.scanToDownload')}</p>
        </Popover>
      )}
    </div>
  );
}
