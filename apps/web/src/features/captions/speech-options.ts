/**
 * What the caption and interpretation menus offer, from what the engines can do with each
 * language (getTranslateLanguage) and what the meeting allows: pure, so the rules are tested
 * with tables. A language the engines cannot handle is listed disabled, never left out
 * silently, where the user might look for it.
 */
import type { CaptionState, LanguageAbility, MySpeech } from '@meet/shared';
import type { InterpretRefusal } from '../../room-client/types';

export interface LanguageChoice {
  code: string;
  name: string;
  /** Listed, but the engines here cannot do it. */
  disabled: boolean;
}

/** An engine name from the server, or null when the capability has none ('none'). */
export function engineName(name: string | undefined): string | null {
  return name && name !== 'none' ? name : null;
}

/** Usable choices first (a voice engine may list a hundred languages the others cannot use). */
function usableFirst(choices: LanguageChoice[]): LanguageChoice[] {
  return [...choices.filter((c) => !c.disabled), ...choices.filter((c) => c.disabled)];
}

/** The language I speak: every language, those the speech engine does not recognize disabled. */
export function speakChoices(list: readonly LanguageAbility[]): LanguageChoice[] {
  return usableFirst(list.map((l) => ({ code: l.code, name: l.name, disabled: !l.recognize })));
}

/** Languages some source can be translated into (captions in / listen in need one). */
function translationTargets(list: readonly LanguageAbility[]): Set<string> {
  return new Set(list.flatMap((l) => l.translateTo));
}

/** Captions in: a language the translation engine translates into. */
export function captionChoices(list: readonly LanguageAbility[]): LanguageChoice[] {
  const targets = translationTargets(list);
  return list
    .filter((l) => targets.has(l.code))
    .map((l) => ({ code: l.code, name: l.name, disabled: false }));
}

/** Listen in: a language translated into and spoken by the voice engine. */
export function listenChoices(list: readonly LanguageAbility[]): LanguageChoice[] {
  const targets = translationTargets(list);
  return list
    .filter((l) => targets.has(l.code) && l.speak)
    .map((l) => ({ code: l.code, name: l.name, disabled: false }));
}

/** Interpret my speech into: what my language translates into; those without a voice disabled. */
export function interpretTargets(
  list: readonly LanguageAbility[],
  source: string,
): LanguageChoice[] {
  const from = list.find((l) => l.code === source);
  if (!from) return [];
  return usableFirst(
    list
      .filter((l) => from.translateTo.includes(l.code))
      .map((l) => ({ code: l.code, name: l.name, disabled: !l.speak })),
  );
}

/** Translation and interpretation: the host and the creator may, others when the host allows. */
export function mayTranslate(
  meeting: Pick<CaptionState, 'translateAllowed'> | null,
  me: { host: boolean; creator: boolean },
): boolean {
  return me.host || me.creator || !!meeting?.translateAllowed;
}

/** Why starting to interpret my speech is refused (SPEC.md section 5), or null. */
export type StartRefusal = InterpretRefusal | 'interpretActive';

export function startRefusal(
  speech: Pick<MySpeech, 'interpretOn'> | null,
  media: InterpretRefusal | null,
): StartRefusal | null {
  if (speech?.interpretOn) return 'interpretActive';
  return media;
}
