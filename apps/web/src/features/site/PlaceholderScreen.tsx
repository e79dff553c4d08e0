/** A tidy stand-in for screens that later issues build (meeting, join, invite, ...). */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo';
import './site.css';

export function PlaceholderScreen({
  title,
  detail,
  children,
}: {
  title: string;
  detail?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="page-center">
      <section className="placeholder" aria-labelledby="placeholder-title">
        <Logo label={t('common.appName')} />
        <h1 id="placeholder-title" className="placeholder__title">
          {title}
        </h1>
        {detail && <p className="placeholder__detail">{detail}</p>}
        <p className="placeholder__text">{t('common.comingSoon')}</p>
        {children ?? <Link to="/home">{t('common.backHome')}</Link>}
      </section>
    </main>
  );
}
