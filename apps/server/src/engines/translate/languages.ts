/** Language codes and names as the translation engines need them. */

/** ISO 639-3 codes of the languages Debian's Apertium packages cover → ISO 639-1. */
const ISO_639_3_TO_1: Record<string, string> = {
  afr: 'af',
  arg: 'an',
  bel: 'be',
  bre: 'br',
  bul: 'bg',
  cat: 'ca',
  dan: 'da',
  deu: 'de',
  eng: 'en',
  epo: 'eo',
  eus: 'eu',
  fra: 'fr',
  glg: 'gl',
  hbs: 'sh',
  hin: 'hi',
  ind: 'id',
  isl: 'is',
  ita: 'it',
  mkd: 'mk',
  nld: 'nl',
  nno: 'nn',
  nob: 'nb',
  nor: 'no',
  oci: 'oc',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rus: 'ru',
  slv: 'sl',
  spa: 'es',
  srd: 'sc',
  swe: 'sv',
  ukr: 'uk',
  urd: 'ur',
  zlm: 'ms',
};

/** ISO 639-1 for a 2- or 3-letter code; undefined when it has none (e.g. Asturian, ast). */
export function toIso6391(code: string): string | undefined {
  const lower = code.toLowerCase();
  if (/^[a-z]{2}$/.test(lower)) return lower;
  return ISO_639_3_TO_1[lower];
}

/** The language's English name, as a translation prompt names it. */
export function languageName(code: string): string {
  if (code === 'zh') return 'Simplified Chinese (Mandarin)';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every ordered pair of different languages in `codes`. */
export function allPairs(codes: readonly string[]): (readonly [string, string])[] {
  return codes.flatMap((from) =>
    codes.filter((to) => to !== from).map((to) => [from, to] as const),
  );
}
