/**
 * i18next set up with the app's catalogues plus the shared error catalogue under `errors.*`, so
 * the client shows the same texts the server sends; the live room's texts (room.en.json) sit
 * under `room.*`, the polls' (polls.en.json) under `polls.*`, plans and payments
 * (billing.en.json) under `billing.*`, the other ways to sign in (signin.en.json) under
 * `signin.*`, cloud recordings and the message center (recordings.en.json) under
 * `recordings.*`, and feedback and calendar integrations (integrations.en.json) under
 * `integrations.*`. Chinese when the browser language is zh.
 *
 * English, the fallback, is part of the entry; the Chinese catalogues (i18n/zh.ts) are a chunk of
 * their own that i18next fetches when the language becomes Chinese — at start, or on
 * `changeLanguage('zh')`, whose promise waits for them. `i18nReady` settles once the starting
 * language's texts are in.
 */
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { errorMessagesEn, type ErrorKey, type Language } from '@meet/shared';
import en from '../i18n/locales/en.json';
import type roomEn from '../i18n/locales/room.en.json';
import type magicEn from '../i18n/locales/magic.en.json';
import pollsEn from '../i18n/locales/polls.en.json';
import billingEn from '../i18n/locales/billing.en.json';
import signinEn from '../i18n/locales/signin.en.json';
import recordingsEn from '../i18n/locales/recordings.en.json';
import integrationsEn from '../i18n/locales/integrations.en.json';

export function detectLanguage(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** One language's catalogues, each as its JSON file has it. */
export interface Catalogues {
  main: typeof en;
  room: typeof roomEn;
  polls: typeof pollsEn;
  billing: typeof billingEn;
  signin: typeof signinEn;
  recordings: typeof recordingsEn;
  integrations: typeof integrationsEn;
  magic: typeof magicEn;
}

/**
 * The one `translation` namespace: the main catalogue at the top, the others under their keys,
 * the shared error texts under `errors`. English leaves the room's texts to the room's chunk
 * (`features/room/room-texts.ts`) and Magic Cam's (`magic.*`) to its chunks
 * (`features/magic/magic-texts.ts`).
 */
function translation(
  {
    main,
    ...rest
  }: Omit<Catalogues, 'room' | 'magic'> & Partial<Pick<Catalogues, 'room' | 'magic'>>,
  errors: Record<ErrorKey, string>,
) {
  return { ...main, ...rest, errors };
}

export const resources = {
  en: {
    translation: translation(
      {
        main: en,
        polls: pollsEn,
        billing: billingEn,
        signin: signinEn,
        recordings: recordingsEn,
        integrations: integrationsEn,
      },
      errorMessagesEn,
    ),
  },
} as const;

/** Fetches the catalogues of a language the entry does not carry. */
const laterLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, _namespace, callback) {
    if (lng !== 'zh') return callback(null, {});
    import('../i18n/zh').then(
      ({ catalogues, errors }) => callback(null, translation(catalogues, errors)),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

export const language: Language = detectLanguage(
  typeof navigator === 'undefined' ? undefined : navigator.language,
);

export const i18nReady = i18next
  .use(laterLanguages)
  .use(initReactI18next)
  .init({
    resources,
    // Languages missing from `resources` come from the backend above.
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: 'en',
    // React escapes on render; escaping here would show entities in the UI.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

if (typeof document !== 'undefined')
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';

export default i18next;
