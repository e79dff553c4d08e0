/** The mobile landing page: the product works on desktop browsers and in the apps. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Logo } from '../../ui/Logo';
import { QrPlaceholder } from '../home/QrPlaceholder';
import './site.css';

export function SiteH5() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const conferenceId = params.get('conf_id');
  return (
    <main className="page-center">
      <section className="placeholder" aria-labelledby="h5-title" data-testid="site-h5">
        <Logo label={t('common.appName')} />
        <h1 id="h5-title" className="placeholder__title">
          {t('pages.h5Title')}
        </h1>
        {conferenceId && <p className="placeholder__detail">{conferenceId}</p>}
        <p className="placeholder__text">{t('pages.h5Body')}</p>
        <div className="h5-codes">
          {(['ios', 'android'] as const).map((os) => (
            <figure key={os}>
              <QrPlaceholder seed={os} size={96} />
              <figcaption>{t(`home.${os}`)}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </main>
  );
}
