/**
 * Integrations: the user's private calendar subscription address (copy, reset) and how to
 * subscribe to it in Google Calendar, Outlook and Apple Calendar. Opening it counts as viewing
 * the Integrations entry (its red dot goes).
 */
import { useEffect, useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CalendarIcon, WarningIcon } from '../../ui/icons';
import { useCalendarFeed } from './useCalendarFeed';
import './integrations.css';

const APPS = [
  ['google', 'googleSteps'],
  ['outlook', 'outlookSteps'],
  ['apple', 'appleSteps'],
] as const;

export function IntegrationsDialog({ onClose, onViewed }: { onClose(): void; onViewed(): void }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const urlId = useId();
  useEffect(() => onViewed(), [onViewed]);
  return (
    <Dialog
      open
      title={t('integrations.calendar.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={560}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <section className="integrations" data-testid="integrations-dialog">
        <h3 className="integrations__heading">
          <CalendarIcon size={20} />
          {t('integrations.calendar.heading')}
        </h3>
        <p className="integrations__text">{t('integrations.calendar.intro')}</p>

        <label className="field__label" htmlFor={urlId}>
          {t('integrations.calendar.urlLabel')}
        </label>
        <div className="integrations__url-row">
          <input
            id={urlId}
            className="field__input integrations__url"
            readOnly
            value={feed.url ?? (feed.failed ? '' : t('integrations.calendar.loading'))}
            aria-busy={feed.loading || undefined}
            data-testid="calendar-feed-url"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button onClick={feed.copy} disabled={!feed.url} data-testid="calendar-feed-copy">
            {t('integrations.calendar.copy')}
          </Button>
        </div>
        {feed.failed && (
          <p className="field__error" role="alert">
            {t('integrations.calendar.loadFailed')}{' '}
            <Button variant="text" size="small" onClick={feed.retry}>
              {t('integrations.calendar.retry')}
            </Button>
          </p>
        )}
        <p className="integrations__private">
          <WarningIcon size={16} />
          <span>{t('integrations.calendar.private')}</span>
        </p>
        {feed.confirmingReset ? (
          <div
            className="integrations__confirm"
            role="group"
            aria-label={t('integrations.calendar.reset')}
          >
            <p>{t('integrations.calendar.resetConfirm')}</p>
            <div className="integrations__confirm-actions">
              <Button variant="text" size="small" onClick={feed.cancelReset}>
                {t('common.cancel')}
              </Button>
              <Button
                size="small"
                className="btn--danger"
                loading={feed.resetting}
                onClick={feed.confirmReset}
                data-testid="calendar-feed-reset-confirm"
              >
                {t('integrations.calendar.resetYes')}
              </Button>
            </div>
          </div>
        ) : (
          <Button
            variant="text"
            size="small"
            disabled={!feed.url}
            onClick={feed.askReset}
            data-testid="calendar-feed-reset"
          >
            {t('integrations.calendar.reset')}
          </Button>
        )}

        <h4 className="integrations__subheading">{t('integrations.calendar.howTo')}</h4>
        <ul className="integrations__apps">
          {APPS.map(([name, steps]) => (
            <li key={name}>
              <strong>{t(`integrations.calendar.${name}`)}</strong>
              <span>{t(`integrations.calendar.${steps}`)}</span>
            </li>
          ))}
        </ul>
        <p className="integrations__note">{t('integrations.calendar.refreshNote')}</p>
        <p className="integrations__note">{t('integrations.calendar.single')}</p>
      </section>
    </Dialog>
  );
}
