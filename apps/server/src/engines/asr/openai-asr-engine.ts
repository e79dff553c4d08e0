/**
 * ASR_ENGINE=openai: any OpenAI-compatible transcription endpoint (OpenAI, a self-hosted
 * faster-whisper or whisper.cpp server). The utterance's audio is kept and sent as one 16 kHz
 * WAV when it ends (POST /v1/audio/transcriptions, multipart); no partial results.
 */
import type { AsrEngine, AsrUtterance, LanguageCode } from '../types.js';
import type { OpenAiEndpoint } from '../settings.js';
import { ASR_SAMPLE_RATE, concatPcm } from '../audio/pcm.js';
import { encodeWav } from '../audio/wav.js';
import { bearer, openAiUrl, request } from '../http.js';

export class OpenAiAsrEngine implements AsrEngine {
  readonly name: string;
  readonly languages: readonly LanguageCode[];

  constructor(
    private readonly endpoint: OpenAiEndpoint,
    private readonly timeoutMs: number,
  ) {
    this.name = `${endpoint.model} (OpenAI-compatible)`;
    this.languages = endpoint.languages;
  }

  open(language: LanguageCode): AsrUtterance {
    if (!this.languages.includes(language)) {
      throw new Error(`${this.name} is not set up for "${language}" (ASR_OPENAI_LANGUAGES)`);
    }
    const parts: Int16Array[] = [];
    let state: 'open' | 'finished' | 'aborted' = 'open';
    let result: Promise<string> | undefined;
    return {
      onPartial: () => undefined,
      push: (pcm) => {
        if (state === 'open') parts.push(pcm.slice());
      },
      finish: () => {
        if (state === 'aborted') return Promise.resolve('');
        state = 'finished';
        result ??= this.transcribe(concatPcm(parts.splice(0)), language);
        return result;
      },
      abort: () => {
        if (state === 'open') state = 'aborted';
        parts.length = 0;
      },
    };
  }

  private async transcribe(pcm: Int16Array, language: LanguageCode): Promise<string> {
    if (pcm.length === 0) return '';
    const form = new FormData();
    form.append(
      'file',
      new Blob([encodeWav(pcm, ASR_SAMPLE_RATE)], { type: 'audio/wav' }),
      'utterance.wav',
    );
    form.append('model', this.endpoint.model);
    form.append('language', language);
    form.append('response_format', 'json');
    const response = await request(
      'openai transcription',
      openAiUrl(this.endpoint.url, 'audio/transcriptions'),
      { method: 'POST', headers: bearer(this.endpoint.key), body: form },
      this.timeoutMs,
    );
    const body = (await response.json()) as { text?: unknown };
    if (typeof body.text !== 'string') {
      throw new Error('openai transcription: the answer has no text');
    }
    return body.text.trim();
  }

  async close(): Promise<void> {}
}
