// Captions benchmark (not a test): the configured speech engine behind Silero VAD, on the LibriVox
// clips of Debian's pocketsphinx-testdata (read speech with reference transcripts), each clip
// between stretches of silence, streamed in 20 ms chunks as the captions pipeline does.
// Prints the word error rate, the caption latency (true end of speech → final text, and VAD
// speechEnd → final text; p50/p90) and the CPU per second of audio per speaker.
//
//   node scripts/bench/asr.mjs [--speakers=N] [--rounds=R] [--pace=realtime|fast] [--cold]
//                              [--through=recording] [--busy[=N]] [--denoise]
//
// The engine settings come from the environment as for the server (ASR_ENGINE, VAD_SILENCE_MS,
// POCKETSPHINX_ARGS, …). --speakers streams the clips for N people at once (offset from each
// other); --rounds repeats the clips; --pace=fast feeds as fast as the engines take it (no
// latency figures then); --cold starts as a freshly started server does, with no model loaded
// (the first sentence's latency is then printed on its own). --through=recording also runs the
// same stream through a cloud recording (scripts/bench/asr-recording.mjs: Opus in a .mjr,
// janus-pp-rec, the member's track decoded to 16 kHz, the transcript pass on fresh engines) and
// prints its word error rate beside the live path's, and live captions' on that same Opus audio.
// --busy keeps N cores (2 when no N) busy the whole time with `node -e 'for(;;){}'` processes,
// as on a loaded machine, and prints the share of spoken stretches present in the captions
// (recognised, or marked not recognised when the engine failed on them; issue 31: goal 100%).
// --denoise first passes every clip through RNNoise as the browser's noise suppression does
// (denoise-pcm.mjs), to see what it costs the captions in words.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = path.join(root, 'apps/server');
register();
const { buildNative } = await import(path.join(server, 'native/build.mjs'));
const { loadConfig } = await import(path.join(server, 'src/config/config.ts'));
const { createEngines } = await import(path.join(server, 'src/engines/registry.ts'));
const { librivoxClips, silence, speechBounds, wordErrors } = await import(
  path.join(server, 'test/engine-servers/librivox.ts')
);

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const speakers = Number(args.speakers ?? 1);
const rounds = Number(args.rounds ?? 2);
const realtime = (args.pace ?? 'realtime') === 'realtime';
const cold = args.cold === 'true';
const through = args.through ?? 'live';
if (!['live', 'recording'].includes(through)) {
  console.error(`--through is live or recording, not ${through}`);
  process.exit(2);
}
const busyCores = args.busy === undefined ? 0 : args.busy === 'true' ? 2 : Number(args.busy);
const busy = Array.from({ length: busyCores }, () =>
  spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
);
/** Not counted in the decoder processes' CPU. */
const busyPids = new Set(busy.map((child) => child.pid));
const stopBusy = () => {
  for (const child of busy) child.kill('SIGKILL');
};
process.on('exit', stopBusy);
const RATE = 16_000;
const CHUNK = 320;
const CHUNK_MS = (CHUNK / RATE) * 1000;

try {
  buildNative();
} catch (error) {
  console.error(`[bench] ${error.message}`);
}
const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
const quiet = {
  info: () => {},
  warn: (m) => console.error(`[warn] ${m}`),
  error: (m) => console.error(`[error] ${m}`),
};
const engines = await createEngines(config, quiet);
if (!engines.asr) {
  console.error('no speech engine (ASR_ENGINE=none, or it could not start)');
  process.exit(1);
}
const asr = engines.asr;
if (!cold && typeof asr.ready === 'function') await asr.ready();

// ---- the stream: per round, every clip with 1.2 s of silence before it, 1.2 s at the end ----
const denoise = args.denoise === 'true' && (await import('./denoise-pcm.mjs')).denoise16k;
const clips = librivoxClips().map((clip) => (denoise ? { ...clip, pcm: denoise(clip.pcm) } : clip));
const parts = [];
const truth = []; // { clip, start, end } in samples of the stream
let length = 0;
for (let r = 0; r < rounds; r++) {
  for (const clip of clips) {
    parts.push(silence(1.2));
    length += Math.round(1.2 * RATE);
    const bounds = speechBounds(clip.pcm);
    truth.push({ clip, start: length + bounds.start, end: length + bounds.end });
    parts.push(clip.pcm);
    length += clip.pcm.length;
  }
}
parts.push(silence(1.2));
length += Math.round(1.2 * RATE);
const stream = new Int16Array(length);
{
  let o = 0;
  for (const p of parts) {
    stream.set(p, o);
    o += p.length;
  }
}
const speechSeconds = truth.reduce((s, t) => s + t.clip.pcm.length, 0) / RATE;

// ---- CPU of this process and of its children (the decoder processes) ----
const TICK = 100; // USER_HZ on Linux
function childCpuSeconds() {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid || busyPids.has(Number(name))) continue;
      total += (Number(fields[11]) + Number(fields[12])) / TICK;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The engine failed on an utterance: the captions show it as not recognised (issue 31). */
function notRecognized(record, error) {
  record.finalWall = performance.now();
  record.failed = true;
  console.error(`[not recognised] ${error.message}`);
}

/** Each speaker: the stream, offset so the speakers do not talk in lockstep. */
let firstVadMs;
function makeSpeaker(k) {
  const started = performance.now();
  const segmenter = engines.vad.create();
  firstVadMs ??= performance.now() - started;
  return {
    id: `speaker-${k}`,
    offset: Math.round(k * 0.37 * RATE) % (CHUNK * 50),
    segmenter,
    utterance: undefined,
    utterances: [], // { start, end, speechEndWall, finalWall, text }
    pushWall: new Float64Array(Math.ceil(length / CHUNK) + 1),
  };
}

// A warm-up utterance per speaker, so as many decoders are loaded as there are speakers and
// the figures are the steady state (the load itself is reported by the engine's log).
if (!cold) {
  const warm = Array.from({ length: speakers }, () => asr.open('en'));
  for (const u of warm) u.push(clips[1].pcm.subarray(0, RATE));
  await Promise.all(warm.map((u) => u.finish()));
}

const people = Array.from({ length: speakers }, (_, k) => makeSpeaker(k));
let vadCpu = 0;
const cpuStart = process.cpuUsage();
const childStart = childCpuSeconds();
const wallStart = performance.now();
const totalChunks = Math.ceil(length / CHUNK);
const pending = [];

function feed(person, index) {
  const at = index * CHUNK - person.offset;
  if (at < 0 || at >= length) return;
  const chunk = stream.subarray(at, at + CHUNK);
  const now = performance.now();
  person.pushWall[Math.floor(at / CHUNK)] = now;
  const c0 = process.cpuUsage();
  const events = person.segmenter.push(chunk);
  const c = process.cpuUsage(c0);
  vadCpu += (c.user + c.system) / 1e6;
  for (const event of events) {
    if (event.type === 'speechStart') {
      const u = asr.open('en', person.id);
      const record = { start: event.atSample, end: -1, speechEndWall: 0, finalWall: 0, text: '' };
      person.utterances.push(record);
      person.utterance = { u, record };
      u.push(event.preroll);
    } else if (event.type === 'speech') {
      person.utterance?.u.push(event.pcm);
    } else {
      const { u, record } = person.utterance;
      person.utterance = undefined;
      record.end = event.atSample;
      record.speechEndWall = now;
      pending.push(
        u.finish().then(
          (text) => {
            record.finalWall = performance.now();
            record.text = text;
          },
          (error) => notRecognized(record, error),
        ),
      );
    }
  }
}

const maxOffset = Math.max(...people.map((p) => p.offset));
const ticks = totalChunks + Math.ceil(maxOffset / CHUNK);
for (let i = 0; i < ticks; i++) {
  for (const person of people) feed(person, i);
  if (realtime) {
    const due = wallStart + (i + 1) * CHUNK_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  } else if (i % 16 === 0) {
    await new Promise((r) => setImmediate(r));
  }
}
for (const person of people) {
  for (const event of person.segmenter.flush()) {
    if (event.type === 'speechEnd' && person.utterance) {
      const { u, record } = person.utterance;
      record.end = event.atSample;
      record.speechEndWall = performance.now();
      pending.push(
        u.finish().then(
          (text) => ((record.text = text), (record.finalWall = performance.now())),
          (error) => notRecognized(record, error),
        ),
      );
    }
  }
}
await Promise.all(pending);
const wall = (performance.now() - wallStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
const mainCpu = (cpu.user + cpu.system) / 1e6;
const childCpu = childCpuSeconds() - childStart;

// ---- scoring ----
/** Word errors of `utterances` ({ start, end, text }, samples) against the clips they overlap. */
function scoreOf(utterances) {
  let e = 0;
  let w = 0;
  for (const t of truth) {
    const mine = utterances.filter((u) => u.end > t.start && u.start < t.end);
    const score = wordErrors(t.clip.text, mine.map((u) => u.text).join(' '));
    e += score.errors;
    w += score.words;
  }
  return {
    errors: e,
    words: w,
    line: `${((100 * e) / w).toFixed(1)}% (${e} errors in ${w} words)`,
  };
}
let errors = 0;
let words = 0;
const captionLatency = [];
const endLatency = [];
for (const person of people) {
  for (const t of truth) {
    // The utterances overlapping this clip's speech; their texts in order are its caption.
    const mine = person.utterances.filter((u) => u.end > t.start && u.start < t.end);
    const score = wordErrors(t.clip.text, mine.map((u) => u.text).join(' '));
    errors += score.errors;
    words += score.words;
    const last = mine.at(-1);
    if (realtime && last) {
      const endWall = person.pushWall[Math.floor(t.end / CHUNK)];
      captionLatency.push(last.finalWall - endWall);
    }
  }
  if (realtime) for (const u of person.utterances) endLatency.push(u.finalWall - u.speechEndWall);
}
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${Math.round(v)} ms`;
const audioPerSpeaker = length / RATE;
const d = engines.describe();
console.log(`engine ${d.asr}; ${d.vad}, silence ${config.engines.vad.silenceMs} ms`);
console.log(
  `${speakers} speaker(s) × ${rounds} round(s) of ${clips.length} clips: ${speechSeconds.toFixed(1)} s of speech in ${audioPerSpeaker.toFixed(1)} s of audio per speaker, fed ${realtime ? 'in real time' : 'as fast as possible'} (${wall.toFixed(1)} s)`,
);
console.log(
  `word error rate: ${((100 * errors) / words).toFixed(1)}% (${errors} errors in ${words} words)`,
);
if (realtime) {
  console.log(
    `caption latency, end of speech → final text: p50 ${ms(pct(captionLatency, 50))}, p90 ${ms(pct(captionLatency, 90))} (${captionLatency.length} sentences)`,
  );
  console.log(
    `  of which after the VAD's speechEnd: p50 ${ms(pct(endLatency, 50))}, p90 ${ms(pct(endLatency, 90))} (${endLatency.length} utterances)`,
  );
  if (cold) {
    console.log(
      `cold start: the first voice-activity detector took ${ms(firstVadMs)} to load; the first sentence's caption came ${ms(captionLatency[0])} after its end, the rest p50 ${ms(pct(captionLatency.slice(1), 50))}`,
    );
  }
}
// Issue 31: every spoken stretch is in the captions, recognised or marked not recognised.
{
  let recognized = 0;
  let marked = 0;
  for (const person of people) {
    for (const t of truth) {
      const mine = person.utterances.filter((u) => u.end > t.start && u.start < t.end);
      if (mine.some((u) => u.text.trim())) recognized++;
      else if (mine.some((u) => u.failed)) marked++;
    }
  }
  const all = truth.length * people.length;
  console.log(
    `spoken stretches present${busyCores ? ` with ${busyCores} busy core(s)` : ''}: ${((100 * (recognized + marked)) / all).toFixed(1)}% (${recognized} recognised, ${marked} marked not recognised, ${all - recognized - marked} missing, of ${all})`,
  );
}
const per = (s) => (s / (audioPerSpeaker * speakers)).toFixed(3);
console.log(
  `CPU per second of audio per speaker: ${per(mainCpu + childCpu)} s (VAD ${per(vadCpu)} s, decoder processes ${per(childCpu)} s, rest of this process ${per(mainCpu - vadCpu)} s)`,
);
if (args.verbose) {
  for (const person of people.slice(0, 1)) {
    for (const u of person.utterances)
      console.log(`  ${(u.start / RATE).toFixed(2)}–${(u.end / RATE).toFixed(2)} s: ${u.text}`);
  }
}
for (const person of people) person.segmenter.close();
await engines.close();
stopBusy();

if (through === 'recording') {
  const { throughRecording } = await import(path.join(root, 'scripts/bench/asr-recording.mjs'));
  const result = await throughRecording({ server, stream, config, log: quiet, createEngines });
  const recorded = scoreOf(result.recording);
  const liveOpus = scoreOf(result.live);
  const r = result.report;
  console.log('');
  console.log(`the same stream through a cloud recording (Opus 32 kb/s in a .mjr, one member):`);
  console.log(`  live path (above, 16 kHz PCM):           ${scoreOf(people[0].utterances).line}`);
  console.log(`  live path on the recording's Opus audio: ${liveOpus.line}`);
  console.log(`  recording's transcript pass:             ${recorded.line}`);
  console.log(
    `  pass: ${r.utterances} utterances found, ${r.speechLines} lines, ${r.unrecognized} not recognized; ${(r.scannedMs / 1000).toFixed(1)} s of audio in ${result.wall.toFixed(1)} s (this process's CPU ${result.mainCpu.toFixed(1)} s)`,
  );
  const missed = truth.filter(
    (t) => !result.recording.some((u) => u.end > t.start && u.start < t.end && u.text),
  );
  console.log(`  spoken stretches without a recognized line: ${missed.length} of ${truth.length}`);
  if (args.verbose) {
    for (const u of result.recording)
      console.log(
        `  ${(u.start / RATE).toFixed(2)}–${(u.end / RATE).toFixed(2)} s: [${u.origin}] ${u.text}`,
      );
  }
}
