/**
 * About: the client version and the legal links — the operator's pages when the server config
 * names them (PRIVACY_URL, TERMS_URL), else the built-in /privacy and /terms.
 * Test hooks: `about-privacy`, `about-terms`.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { CLIENT_VERSION } from '@meet/shared';
import { toolApi } from '../../api/tool-api';
import { Dialog } from '../../ui/Dialog';
import { Logo } from '../../ui/Logo';
import { appLink, serverConfigKey } from '../mobile-app/useMobileAppUrl';

/** The built-in pages while the config is on its way, or when it names none or fails. */
export function legalLinks(config: { privacyUrl?: string; termsUrl?: string } | undefined) {
  return {
    privacy: appLink(config?.privacyUrl) ?? '/privacy',
    terms: appLink(config?.termsUrl) ?? '/terms',
  };
}

export function AboutDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const config = useQuery({
    queryKey: serverConfigKey,
    queryFn: () => toolApi.serverConfig(),
    staleTime: Infinity,
    retry: false,
  });
  const links = legalLinks(config.data);
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
          <a href={links.privacy} target="_blank" rel="noreferrer" data-testid="about-privacy">
            {t('about.privacy')}
          </a>
          <a href={links.terms} target="_blank" rel="noreferrer" data-testid="about-terms">
            {t('about.terms')}
          </a>
        </p>
      </div>
    </Dialog>
  );
}
