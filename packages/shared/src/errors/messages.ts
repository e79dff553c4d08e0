/**
 * The catalogue of every message a reply's `msg` can carry, in both languages: the English texts
 * (messages.en.ts, which names every key) and the Chinese ones (messages.zh.ts). The server picks
 * the request's language; the web app loads the same texts under `errors.*`, Chinese only when it
 * runs in Chinese.
 */
import { errorMessagesEn, type ErrorKey } from './messages.en.js';
import { errorMessagesZh } from './messages.zh.js';

export type Language = 'en' | 'zh';

const byLanguage: Record<Language, Record<ErrorKey, string>> = {
  en: errorMessagesEn,
  zh: errorMessagesZh,
};

/** Every key with its text in each language. */
export const errorMessages = /* @__PURE__ */ Object.fromEntries(
  (Object.keys(errorMessagesEn) as ErrorKey[]).map((key) => [
    key,
    { en: errorMessagesEn[key], zh: errorMessagesZh[key] },
  ]),
) as Record<ErrorKey, Record<Language, string>>;

export function isErrorKey(value: string): value is ErrorKey {
  return Object.prototype.hasOwnProperty.call(errorMessagesEn, value);
}

/** Fills `{{name}}` placeholders; unknown placeholders stay as they are. */
export function formatMessage(
  key: ErrorKey,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  return byLanguage[language][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
