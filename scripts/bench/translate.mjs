// Translated captions benchmark (not a test; issue 31): the configured speech engine behind the
// VAD (SpeakerStream, as a live room runs it) on the LibriVox clips of Debian's
// pocketsphinx-testdata, played in real time with silence between them, and the configured
// translation engines (Apertium by default) through the same relay and line translation the
// room uses. Prints, p50/p90: original final → translated final, and for lines still being
// spoken, new words → their translation (partials after a ~600 ms pause).
//
//   node scripts/bench/translate.mjs [--translate=es] [--rounds=R]
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = path.join(root, 'apps/server');
register();
const { loadConfig } = await import(path.join(server, 'src/config/config.ts'));
const { createEngines } = await import(path.join(server, 'src/engines/registry.ts'));
const { SpeakerStream } = await import(path.join(server, 'src/captions/speaker-stream.ts'));
const { TranslationRelay, translateLine } = await import(
  path.join(server, 'src/captions/translation-relay.ts')
);
const { librivoxClips, silence, concat } = await import(
  path.join(server, 'test/engine-servers/librivox.ts')
);

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const to = args.translate ?? 'es';
const rounds = Number(args.rounds ?? 1);
const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
const quiet = {
  info() {},
  warn: (m) => console.error(`[warn] ${m}`),
  error: (m) => console.error(`[error] ${m}`),
};
const log = { ...quiet, debug() {}, trace() {}, fatal: quiet.error, child: () => log };
const engines = await createEngines(config, quiet);
if (!engines.asr) throw new Error('no speech engine');
if (typeof engines.asr.ready === 'function') await engines.asr.ready();

/** The clips one after another, 1.5 s of silence between, fed in real time (20 ms chunks). */
class PlayTap extends EventEmitter {
  startedAt = Date.now();
  constructor(pcm) {
    super();
    this.pcm = pcm;
  }
  async start() {
    let at = 0;
    this.timer = setInterval(() => {
      if (at >= this.pcm.length) {
        clearInterval(this.timer);
        this.emit('done');
        return;
      }
      this.emit('pcm', this.pcm.slice(at, at + 320));
      at += 320;
    }, 20);
  }
  timeOf(sample) {
    return Math.round(this.startedAt + sample / 16);
  }
  async close() {
    clearInterval(this.timer);
    this.emit('closed', 'stopped');
  }
}

const clips = librivoxClips();
const parts = [];
for (let r = 0; r < rounds; r++) for (const c of clips) parts.push(c.pcm, silence(1.5));
const tap = new PlayTap(concat([silence(0.5), ...parts, silence(2)]));
const stream = new SpeakerStream(tap, engines.vad.create(), engines.asr, 'en', 'bench', log);
const relay = new TranslationRelay();
const finals = [];
const partials = [];
const failed = [];
const wordsAt = new Map();
stream.on('partial', (u, text) => {
  wordsAt.set(`${u.id}:${text}`, Date.now());
  relay.partial(u.id, 'en', text, {
    translate: (t, a, b) => translateLine(engines.translate, log, t, a, b),
    languages: () => [to],
    updated: (id) => {
      const at = wordsAt.get(`${id}:${relay.words(id)}`);
      if (at) partials.push(Date.now() - at);
    },
  });
});
const pending = [];
stream.on('final', (u, text) => {
  relay.end(u.id);
  if (!text) return;
  const t0 = Date.now();
  pending.push(
    translateLine(engines.translate, log, text, 'en', to).then((out) => {
      if (out) finals.push(Date.now() - t0);
      else failed.push(text);
    }),
  );
});
await tap.start();
await new Promise((resolve) => tap.once('done', resolve));
await new Promise((resolve) => setTimeout(resolve, 3000));
await Promise.all(pending);
await stream.close();

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const d = engines.describe();
console.log(`engines: ${d.asr}; translation ${d.translate}; en→${to}`);
console.log(
  `original final → translated final: p50 ${pct(finals, 50)} ms, p90 ${pct(finals, 90)} ms (${finals.length} lines, ${failed.length} untranslated)`,
);
console.log(
  `line being spoken, words → their translation (incl. the ${600} ms pause): p50 ${pct(partials, 50)} ms, p90 ${pct(partials, 90)} ms (${partials.length} updates)`,
);
await engines.close?.();
process.exit(0);
