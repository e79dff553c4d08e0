/**
 * When a language gets no captions here (the usual case: Chinese with the embedded English-only
 * engine), the caption band and the captions menu say so plainly, in both interfaces: why (the
 * named engine does not recognize it) and what would change that (a speech engine that does,
 * set up by whoever runs the server) — issue 30; never silence that looks like a fault. Test hook:
 * `captions-speak-unsupported` (`data-language`).
 */
import { useTranslation } from '../../i18n/useTranslation';
import { useCaptions } from './CaptionsContext';
import { useSpeechLanguages } from './caption-queries';
import { engineName } from './speech-options';

/**
 * The first of these languages the speech engine here does not recognize, with its name and the
 * engine's: my speak language, then (in the Chinese interface, or in the menu always) Chinese —
 * the product's other language, which the embedded engine does not know.
 */
export function useCaptionGap(
  alsoChinese: boolean,
): { code: string; language: string; engine: string } | null {
  const { i18n } = useTranslation();
  const speak = useCaptions((s) => s.speech?.speakLanguage ?? '');
  const asr = engineName(useCaptions((s) => s.meeting?.engines.asr));
  const codes = [speak, alsoChinese || i18n.language === 'zh' ? 'zh' : ''].filter(Boolean);
  const languages = useSpeechLanguages(!!asr && codes.length > 0);
  const list = languages.data?.list;
  if (!asr || !list) return null;
  for (const code of codes) {
    const found = list.find((l) => l.code === code);
    // Not listed at all: no engine here does anything with it.
    if (!found || !found.recognize)
      return { code, language: found?.name ?? nameOf(code, i18n.language), engine: asr };
  }
  return null;
}

/** A language's name in the interface's language ("Chinese", "中文"). */
export function nameOf(code: string, ui: string): string {
  try {
    return (
      new Intl.DisplayNames([ui === 'zh' ? 'zh-CN' : 'en'], { type: 'language' }).of(code) ?? code
    );
  } catch {
    return code;
  }
}

/** In the band: short. In the menu (`long`): also what would enable them, and always Chinese. */
export function SpeakLanguageNote({ long = false }: { long?: boolean }) {
  const { t } = useTranslation();
  const gap = useCaptionGap(long);
  if (!gap) return null;
  return (
    <p
      className={`captions-speak-note${long ? ' captions-speak-note--long' : ''}`}
      data-testid="captions-speak-unsupported"
      data-language={gap.code}
      role="note"
    >
      {t('room.captions.unsupportedWhy', gap)}
      {long && ` ${t('room.captions.unsupportedFix', gap)}`}
    </p>
  );
}
