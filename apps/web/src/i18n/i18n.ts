/**
 * The app's texts in English and Chinese: one tree of catalogues per language — the main one at
 * the top, the others under their keys (`room.*`, `polls.*`, `billing.*`, `signin.*`,
 * `recordings.*`, `integrations.*`) and the shared error catalogue under `errors.*`, so the
 * client shows the same texts the server sends. Chinese when the browser language is zh.
 *
 * English, the fallback, is part of the entry, except the room's texts and Magic Cam's, which
 * come with their chunks (features/room/room-texts.ts, features/magic/magic-texts.ts); the Chinese catalogues (i18n/zh.ts) are a chunk of
 * their own, fetched when the language becomes Chinese — at start, or on `changeLanguage('zh')`,
 * whose promise waits for them. `i18nReady` settles once the starting language's texts are in.
 *
 * What the app asks of a translation library is small — nested keys, `{{name}}` placeholders,
 * plural forms (`_one`/`_other`, by Intl.PluralRules) and a language switch that re-renders —
 * so it is this module rather than i18next and react-i18next (about 17 KB gzip of the Home page's JS).
 * Keys are typed from the English catalogues: a missing key fails tsc.
 */
import { errorMessagesEn, type ErrorKey, type Language } from '@meet/shared';
import en from './locales/en.json';
import type roomEn from './locales/room.en.json';
import type magicEn from './locales/magic.en.json';
import pollsEn from './locales/polls.en.json';
import billingEn from './locales/billing.en.json';
import signinEn from './locales/signin.en.json';
import recordingsEn from './locales/recordings.en.json';
import integrationsEn from './locales/integrations.en.json';

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

type Translation = Catalogues['main'] &
  Omit<Catalogues, 'main'> & { errors: Record<ErrorKey, string> };

/** A plural form's key is asked for without its suffix: `count_one`/`count_other` → `count`. */
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${PluralBase<K>}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text's key, e.g. `common.cancel`, `room.prejoin.joinNow`, `errors.failure`. */
export type TKey = Leaves<Translation>;
/** Placeholder values; a missing one (null, undefined) is left empty. */
export type TParams = Record<string, string | number | null | undefined>;
export type TFunction = (key: TKey, params?: TParams) => string;

interface Tree {
  [key: string]: string | Tree;
}

function merge(into: Tree, from: Tree): void {
  for (const [key, value] of Object.entries(from)) {
    const here = into[key];
    if (typeof value === 'object' && typeof here === 'object') merge(here, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function translation(
  {
    main,
    ...rest
  }: Omit<Catalogues, 'room' | 'magic'> & Partial<Pick<Catalogues, 'room' | 'magic'>>,
  errors: Record<ErrorKey, string>,
): Tree {
  return { ...main, ...rest, errors } as unknown as Tree;
}

class Texts {
  private readonly trees: Record<Language, Tree> = {
    en: translation(
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
    zh: {},
  };
  private zhLoaded: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();
  /** Changes with every language switch or added texts: what re-renders the components. */
  private version = 0;
  language: Language = 'en';

  /** The text of `key` in the current language (English when it has none; else the key). */
  readonly t = (key: TKey, params?: TParams): string => {
    const text = this.find(this.language, key, params) ?? this.find('en', key, params) ?? key;
    if (!params) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };

  /** Whether the current language itself has a text for `key` (its catalogue may still load). */
  has(key: TKey): boolean {
    return this.find(this.language, key) !== undefined;
  }

  async changeLanguage(language: Language): Promise<void> {
    if (language === 'zh') await this.loadChinese();
    if (this.language === language) return;
    this.language = language;
    this.changed();
  }

  /** Adds texts to a language's tree (a chunk bringing its own, e.g. the room's). */
  addTexts(language: Language, texts: Record<string, unknown>): void {
    merge(this.trees[language], texts as Tree);
    this.changed();
  }

  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A value that differs after every change (for useSyncExternalStore). */
  snapshot = (): number => this.version;

  private find(language: Language, key: string, params?: TParams): string | undefined {
    const tree = this.trees[language];
    if (typeof params?.count === 'number') {
      const form = new Intl.PluralRules(language).select(params.count);
      const plural = lookup(tree, `${key}_${form}`) ?? lookup(tree, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(tree, key);
  }

  private loadChinese(): Promise<void> {
    this.zhLoaded ??= import('./zh').then(
      ({ catalogues, errors }) => {
        merge(this.trees.zh, translation(catalogues, errors));
      },
      (error: unknown) => {
        this.zhLoaded = undefined;
        throw error;
      },
    );
    return this.zhLoaded;
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}

const i18n = new Texts();

export const language: Language = detectLanguage(
  typeof navigator === 'undefined' ? undefined : navigator.language,
);

export const i18nReady = i18n.changeLanguage(language);

if (typeof document !== 'undefined')
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';

export default i18n;
