/**
 * i18next set up with the app's catalogues plus the shared error catalogue under `errors.*`, so
 * the client shows the same texts the server sends; the live room's texts (room.en.json) sit
 * under `room.*`, the polls' (polls.en.json) under `polls.*`, plans and payments
 * (billing.en.json) under `billing.*`, the other ways to sign in (signin.en.json) under
 * `signin.*`, cloud recordings and the message center (recordings.en.json) under
 * `recordings.*`, and feedback and calendar integrations (integrations.en.json) under
 * `integrations.*`. Chinese when the browser language is zh.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { errorMessages, type ErrorKey, type Language } from '@meet/shared';
import en from '../i18n/locales/en.json';
import zh from '../i18n/locales/zh.json';
import roomEn from '../i18n/locales/room.en.json';
import roomZh from '../i18n/locales/room.zh.json';
import pollsEn from '../i18n/locales/polls.en.json';
import pollsZh from '../i18n/locales/polls.zh.json';
import billingEn from '../i18n/locales/billing.en.json';
import billingZh from '../i18n/locales/billing.zh.json';
import signinEn from '../i18n/locales/signin.en.json';
import signinZh from '../i18n/locales/signin.zh.json';
import recordingsEn from '../i18n/locales/recordings.en.json';
import recordingsZh from '../i18n/locales/recordings.zh.json';
import integrationsEn from '../i18n/locales/integrations.en.json';
import integrationsZh from '../i18n/locales/integrations.zh.json';

export function detectLanguage(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function errorsIn(language: Language): Record<ErrorKey, string> {
  const out = {} as Record<ErrorKey, string>;
  for (const key of Object.keys(errorMessages) as ErrorKey[])
    out[key] = errorMessages[key][language];
  return out;
}

export const resources = {
  en: {
    translation: {
      ...en,
      room: roomEn,
      polls: pollsEn,
      billing: billingEn,
      signin: signinEn,
      recordings: recordingsEn,
      integrations: integrationsEn,
      errors: errorsIn('en'),
    },
  },
  zh: {
    translation: {
      ...zh,
      room: roomZh,
      polls: pollsZh,
      billing: billingZh,
      signin: signinZh,
      recordings: recordingsZh,
      integrations: integrationsZh,
      errors: errorsIn('zh'),
    },
  },
} as const;

export const language: Language = detectLanguage(
  typeof navigator === 'undefined' ? undefined : navigator.language,
);

void i18next.use(initReactI18next).init({
  resources,
  lng: language,
  fallbackLng: 'en',
  // React escapes on render; escaping here would show entities in the UI.
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined')
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';

export default i18next;
