/**
 * TRANSLATE_ENGINES=libretranslate: a LibreTranslate server (Argos models, self-hostable, has
 * zh↔en). Its pairs come from GET /languages at start, and again every minute while it has
 * none (a server that starts after us still gets used); POST /translate does the work.
 */
import type { LanguageCode, TranslateEngine } from '../types.js';
import type { EngineLog } from '../log.js';
import { request } from '../http.js';

const RETRY_LANGUAGES_MS = 60_000;
/** The server start waits at most this long for the language list. */
const LANGUAGES_TIMEOUT_MS = 5000;

/** LibreTranslate's own codes that are not ISO 639-1: Traditional Chinese, Brazilian Portuguese. */
const NOT_ISO = new Set(['zt', 'pb']);

/** Our code for one of LibreTranslate's (newer servers say zh-Hans for Chinese). */
function ours(code: string): string | undefined {
  if (code === 'zh' || code === 'zh-Hans') return 'zh';
  return /^[a-z]{2}$/.test(code) && !NOT_ISO.has(code) ? code : undefined;
}

export class LibreTranslateEngine implements TranslateEngine {
  readonly name = 'LibreTranslate';
  private known: (readonly [LanguageCode, LanguageCode])[] = [];
  /** Our code → the server's. */
  private readonly codes = new Map<string, string>();
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly key: string | undefined,
    private readonly timeoutMs: number,
    private readonly log: EngineLog,
  ) {}

  get pairs(): readonly (readonly [LanguageCode, LanguageCode])[] {
    return this.known;
  }

  private endpoint(path: string): string {
    return `${this.url.replace(/\/+$/, '')}/${path}`;
  }

  /** Loads the pairs; on failure logs, keeps none, and tries again later. */
  async refresh(): Promise<void> {
    try {
      const response = await request(
        'libretranslate',
        this.endpoint('languages'),
        { headers: { accept: 'application/json' } },
        Math.min(this.timeoutMs, LANGUAGES_TIMEOUT_MS),
      );
      const languages = (await response.json()) as { code: string; targets?: string[] }[];
      const pairs: [string, string][] = [];
      for (const language of languages) {
        const from = ours(language.code);
        if (!from) continue;
        if (from !== language.code || !this.codes.has(from)) this.codes.set(from, language.code);
        for (const target of language.targets ?? []) {
          const to = ours(target);
          if (to && to !== from) pairs.push([from, to]);
        }
      }
      this.known = pairs;
      this.log.info(`libretranslate at ${this.url}: ${pairs.length} language pairs`);
    } catch (error) {
      this.log.warn(`${(error as Error).message}; translation through it is off for now`);
    }
    if (this.known.length === 0 && !this.closed) {
      this.retry = setTimeout(() => void this.refresh(), RETRY_LANGUAGES_MS);
      this.retry.unref();
    }
  }

  async translate(text: string, from: LanguageCode, to: LanguageCode): Promise<string> {
    if (text.trim() === '') return '';
    const response = await request(
      'libretranslate',
      this.endpoint('translate'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: text,
          source: this.codes.get(from) ?? from,
          target: this.codes.get(to) ?? to,
          format: 'text',
          ...(this.key ? { api_key: this.key } : {}),
        }),
      },
      this.timeoutMs,
    );
    const body = (await response.json()) as { translatedText?: unknown };
    if (typeof body.translatedText !== 'string') {
      throw new Error('libretranslate: the answer has no translatedText');
    }
    return body.translatedText.trim();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
  }
}
