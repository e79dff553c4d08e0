/**
 * Home's calendar banner (SPEC.md section 2, header): an invitation to the calendar
 * subscription, which opens Integrations; dismissing it is remembered for the account.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Button, IconButton } from '../../ui/Button';
import { CalendarIcon, CloseIcon } from '../../ui/icons';
import './integrations.css';

export function CalendarBanner({ onOpen, onDismiss }: { onOpen(): void; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <div
      className="calendar-banner"
      role="region"
      aria-label={t('integrations.calendar.heading')}
      data-testid="calendar-banner"
    >
      <CalendarIcon size={18} />
      <span className="calendar-banner__text">{t('integrations.calendar.bannerText')}</span>
      <Button size="small" onClick={onOpen}>
        {t('integrations.calendar.bannerAction')}
      </Button>
      <IconButton aria-label={t('integrations.calendar.bannerDismiss')} onClick={onDismiss}>
        <CloseIcon size={18} />
      </IconButton>
    </div>
  );
}
