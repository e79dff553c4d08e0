/**
 * TTS_ENGINE=openai: any OpenAI-compatible speech endpoint (POST /v1/audio/speech; OpenAI,
 * Kokoro-FastAPI, openedai-speech…). Asks for WAV and reads its rate from the header; a server
 * that sends raw PCM instead is taken at OpenAI's 24 kHz. Output resampled to TTS_SAMPLE_RATE.
 */
import type { LanguageCode, Tone, TtsEngine, Voice } from '../types.js';
import type { OpenAiEndpoint } from '../settings.js';
import { TTS_SAMPLE_RATE } from '../audio/pcm.js';
import { isWav, parseWav } from '../audio/wav.js';
import { resample } from '../audio/resample.js';
import { bearer, openAiUrl, request } from '../http.js';

/** What OpenAI's `pcm` format is. */
const RAW_PCM_RATE = 24_000;

const SPEC_NAMES: Record<string, Record<Tone, string>> = {
  en: { man: 'tom_joy', woman: 'lucy_joy' },
  zh: { man: 'yuexiaozhi', woman: 'yuexiaomei' },
};

export class OpenAiTtsEngine implements TtsEngine {
  readonly name: string;
  readonly voices: readonly Voice[];

  constructor(
    private readonly endpoint: OpenAiEndpoint & { voiceMan: string; voiceWoman: string },
    private readonly timeoutMs: number,
  ) {
    this.name = `${endpoint.model} (OpenAI-compatible)`;
    this.voices = endpoint.languages.flatMap((language) =>
      (['man', 'woman'] as const).map((tone) => ({
        language,
        tone,
        name:
          SPEC_NAMES[language]?.[tone] ??
          (tone === 'man' ? endpoint.voiceMan : endpoint.voiceWoman),
      })),
    );
  }

  async synthesize(
    text: string,
    language: LanguageCode,
    tone: Tone,
  ): Promise<{ sampleRate: number; pcm: Int16Array }> {
    if (!this.endpoint.languages.includes(language)) {
      throw new Error(`${this.name} is not set up for "${language}" (TTS_OPENAI_LANGUAGES)`);
    }
    const response = await request(
      'openai speech',
      openAiUrl(this.endpoint.url, 'audio/speech'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(this.endpoint.key) },
        body: JSON.stringify({
          model: this.endpoint.model,
          input: text,
          voice: tone === 'man' ? this.endpoint.voiceMan : this.endpoint.voiceWoman,
          response_format: 'wav',
        }),
      },
      this.timeoutMs,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    let sampleRate = RAW_PCM_RATE;
    let pcm: Int16Array;
    if (isWav(bytes)) {
      ({ sampleRate, pcm } = parseWav(bytes));
    } else {
      const even = bytes.length - (bytes.length % 2);
      pcm = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + even));
    }
    if (pcm.length === 0) throw new Error('openai speech: the answer has no audio');
    return { sampleRate: TTS_SAMPLE_RATE, pcm: resample(pcm, sampleRate, TTS_SAMPLE_RATE) };
  }

  async close(): Promise<void> {}
}
