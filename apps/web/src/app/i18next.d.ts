/** Types `t()` keys from en.json (plus the shared `errors.*`), so a missing key fails tsc. */
import 'i18next';
import type { ErrorKey } from '@meet/shared';
import type en from '../i18n/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & { errors: Record<ErrorKey, string> } };
    returnNull: false;
  }
}
