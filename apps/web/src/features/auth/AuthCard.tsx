/** The centred card every account screen sits in, with the logo and a title. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Logo } from '../../ui/Logo';
import './auth.css';

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <Logo label={t('common.appName')} />
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </section>
      {footer && <p className="auth-page__footer">{footer}</p>}
    </main>
  );
}
