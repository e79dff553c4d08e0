/** Languages by ISO 639-1 code, named in the interface language. */
import type { Language } from '../errors/messages.js';

/** SPEC.md's translation engine type for a source language: 2102 Chinese, 2106 English. */
export function translationEngineType(source: string): number | null {
  return source === 'zh' ? 2102 : source === 'en' ? 2106 : null;
}

/** "Spanish" / "西班牙语" for 'es'; the code itself when the platform does not know it. */
export function languageName(code: string, uiLanguage: Language): string {
  try {
    const names = new Intl.DisplayNames([uiLanguage === 'zh' ? 'zh-CN' : 'en'], {
      type: 'language',
    });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
