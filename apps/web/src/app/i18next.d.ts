/**
 * Types `t()` keys from en.json (plus room.en.json under `room.*`, polls.en.json under `polls.*`
 * and the shared `errors.*`), so a missing key fails tsc.
 */
import 'i18next';
import type { ErrorKey } from '@meet/shared';
import type en from '../i18n/locales/en.json';
import type roomEn from '../i18n/locales/room.en.json';
import type pollsEn from '../i18n/locales/polls.en.json';
import type billingEn from '../i18n/locales/billing.en.json';
import type signinEn from '../i18n/locales/signin.en.json';
import type recordingsEn from '../i18n/locales/recordings.en.json';
import type integrationsEn from '../i18n/locales/integrations.en.json';
import type magicEn from '../i18n/locales/magic.en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en & {
        room: typeof roomEn;
        polls: typeof pollsEn;
        billing: typeof billingEn;
        signin: typeof signinEn;
        recordings: typeof recordingsEn;
        integrations: typeof integrationsEn;
        magic: typeof magicEn;
        errors: Record<ErrorKey, string>;
      };
    };
    returnNull: false;
  }
}
