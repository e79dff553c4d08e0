/** About: the client version and the legal links. */
import { useTranslation } from '../../app/useTranslation';
import { CLIENT_VERSION } from '@meet/shared';
import { Dialog } from '../../ui/Dialog';
import { Logo } from '../../ui/Logo';

export function AboutDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={t('about.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={380}
    >
      <div className="about">
        <Logo label={t('common.appName')} />
        <p className="about__version">{t('about.version', { version: CLIENT_VERSION })}</p>
        <p className="about__links">
          <a href="/privacy" target="_blank" rel="noreferrer">
            {t('about.privacy')}
          </a>
          <a href="/terms" target="_blank" rel="noreferrer">
            {t('about.terms')}
          </a>
        </p>
      </div>
    </Dialog>
  );
}
