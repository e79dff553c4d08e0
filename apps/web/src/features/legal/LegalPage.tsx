/**
 * The built-in Privacy policy (/privacy) and Terms of service (/terms) that About links to when
 * the operator names no pages of their own (PRIVACY_URL, TERMS_URL). Plain text in the user's
 * language that says only what this service does: what it stores and the few rules of use.
 * Test hooks: `legal-page`.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import type { TKey } from '../../i18n/i18n';
import { Logo } from '../../ui/Logo';
import './legal.css';

export type LegalKind = 'privacy' | 'terms';

interface Section {
  title: TKey;
  /** One paragraph, or a list when several. */
  body: TKey[];
}

const CONTENT: Record<LegalKind, { title: TKey; intro: TKey; sections: Section[] }> = {
  privacy: {
    title: 'about.privacy',
    intro: 'legal.privacyIntro',
    sections: [
      {
        title: 'legal.storesTitle',
        body: [
          'legal.storesAccount',
          'legal.storesMeetings',
          'legal.storesRecordings',
          'legal.storesChat',
        ],
      },
      { title: 'legal.useTitle', body: ['legal.useBody'] },
      { title: 'legal.choicesTitle', body: ['legal.choicesBody'] },
    ],
  },
  terms: {
    title: 'about.terms',
    intro: 'legal.termsIntro',
    sections: [
      { title: 'legal.termsAccountTitle', body: ['legal.termsAccount'] },
      { title: 'legal.termsMeetingsTitle', body: ['legal.termsMeetings'] },
      { title: 'legal.termsPlansTitle', body: ['legal.termsPlans'] },
    ],
  },
};

export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const content = CONTENT[kind];
  return (
    <main className="legal" data-testid="legal-page">
      <article className="legal__article">
        <Logo label={t('common.appName')} />
        <h1 className="legal__title">{t(content.title)}</h1>
        <p className="legal__intro">{t(content.intro)}</p>
        {content.sections.map((section) => (
          <section key={section.title} className="legal__section">
            <h2>{t(section.title)}</h2>
            {section.body.length > 1 ? (
              <ul>
                {section.body.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </ul>
            ) : (
              <p>{t(section.body[0]!)}</p>
            )}
          </section>
        ))}
        <Link className="legal__back" to="/">
          {t('legal.back')}
        </Link>
      </article>
    </main>
  );
}
