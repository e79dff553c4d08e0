/**
 * TTS_ENGINE=espeak-ng: Debian's eSpeak NG, formant synthesis — robotic but offline, fast
 * (~15 ms a sentence) and in about a hundred languages. Mandarin uses the cmn-latn-pinyin voice,
 * which reads characters with Mandarin tones (the plain cmn voice spells their pinyin in
 * English). Man and woman are eSpeak's m3 and f3 variants. Its 22.05 kHz WAV is resampled to
 * TTS_SAMPLE_RATE.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { LanguageCode, Tone, TtsEngine, Voice } from '../types.js';
import { TTS_SAMPLE_RATE } from '../audio/pcm.js';
import { parseWav } from '../audio/wav.js';
import { resample } from '../audio/resample.js';

const run = promisify(execFile);

export class EspeakMissingError extends Error {}

/** eSpeak voices for our language codes where the plain code is not the one to use. */
const PREFERRED: Record<string, string> = { en: 'en-us', zh: 'cmn-latn-pinyin' };

/** SPEC.md's interpretation voices. */
const SPEC_NAMES: Record<string, Record<Tone, string>> = {
  en: { man: 'tom_joy', woman: 'lucy_joy' },
  zh: { man: 'yuexiaozhi', woman: 'yuexiaomei' },
};

const VARIANT: Record<Tone, string> = { man: 'm3', woman: 'f3' };

/** A sentence takes ~15 ms; a stuck synthesis is killed after this. */
const SYNTHESIS_TIMEOUT_MS = 10_000;

/** Our language code → eSpeak voice, from `espeak-ng --voices`. */
function voiceTable(listing: string): Map<string, string> {
  const installed = listing
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/)[1])
    .filter((name): name is string => !!name);
  const table = new Map<string, string>();
  for (const [code, voice] of Object.entries(PREFERRED)) {
    if (installed.includes(voice)) table.set(code, voice);
  }
  for (const voice of installed) {
    const code = voice.split('-')[0]!;
    if (!/^[a-z]{2}$/.test(code) || table.has(code)) continue;
    // The plain code (es) over a regional one (es-419) when both exist.
    table.set(code, installed.includes(code) ? code : voice);
  }
  return table;
}

export class EspeakEngine implements TtsEngine {
  readonly name = 'eSpeak NG';
  readonly voices: readonly Voice[];

  private constructor(private readonly table: Map<string, string>) {
    this.voices = [...table.keys()].flatMap((language) =>
      (['man', 'woman'] as const).map((tone) => ({
        language,
        tone,
        name: SPEC_NAMES[language]?.[tone] ?? `espeak_${language}_${tone}`,
      })),
    );
  }

  static async create(): Promise<EspeakEngine> {
    let listing: string;
    try {
      listing = (await run('espeak-ng', ['--voices'])).stdout;
    } catch (error) {
      throw new EspeakMissingError(
        `espeak-ng is missing or broken (${(error as Error).message.split('\n')[0]}): install the Debian package espeak-ng`,
      );
    }
    return new EspeakEngine(voiceTable(listing));
  }

  synthesize(
    text: string,
    language: LanguageCode,
    tone: Tone,
  ): Promise<{ sampleRate: number; pcm: Int16Array }> {
    const voice = this.table.get(language);
    if (!voice) return Promise.reject(new Error(`eSpeak NG has no voice for "${language}"`));
    return new Promise((resolve, reject) => {
      // Text on stdin (-b 1: UTF-8), so nothing in it is read as an option.
      const child = spawn('espeak-ng', ['-b', '1', '-v', `${voice}+${VARIANT[tone]}`, '--stdout'], {
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: SYNTHESIS_TIMEOUT_MS,
      });
      const chunks: Buffer[] = [];
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdin.on('error', () => undefined);
      child.once('error', (error) => reject(new Error(`espeak-ng: ${error.message}`)));
      child.once('close', (code) => {
        const wav = Buffer.concat(chunks);
        if (code !== 0 || wav.length < 44) {
          reject(new Error(`espeak-ng failed (${code}): ${stderr.trim() || 'no audio'}`));
          return;
        }
        try {
          const { sampleRate, pcm } = parseWav(wav);
          resolve({ sampleRate: TTS_SAMPLE_RATE, pcm: resample(pcm, sampleRate, TTS_SAMPLE_RATE) });
        } catch (error) {
          reject(error as Error);
        }
      });
      child.stdin.end(text.replace(/\0/g, ' '));
    });
  }

  async close(): Promise<void> {}
}
