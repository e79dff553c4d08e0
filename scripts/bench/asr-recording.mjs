// The recording's side of scripts/bench/asr.mjs --through=recording: the benchmark's stream of
// LibriVox clips as a member's microphone in a cloud recording — Opus as a browser sends it
// (libopus, 48 kHz, 32 kb/s, 20 ms frames) in the .mjr Janus writes (test/mjr-fixture.ts) — then
// what the compose job does with it: janus-pp-rec (remuxStreams), the member's track decoded to
// 16 kHz (decodeVoices) and the transcript pass (assembleTranscript), on engines started afresh
// as a worker's are. Also, for comparison, live captions' segmenter and engine on that same
// Opus-decoded audio (the audio a meeting's live captions hear).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RATE = 16_000;

/**
 * Runs `stream` (16 kHz mono) through a recording; returns its utterances ({ start, end, text }
 * in samples) and those of live captions on the recording's decoded audio, with CPU figures.
 */
export async function throughRecording({ server, stream, config, log, createEngines }) {
  const { writeMjr } = await import(path.join(server, 'test/mjr-fixture.ts'));
  const { remuxStreams } = await import(
    path.join(server, 'src/recordings/compose/remux-streams.ts')
  );
  const { decodeVoices } = await import(
    path.join(server, 'src/recordings/transcripts/voice-tracks.ts')
  );
  const { assembleTranscript } = await import(
    path.join(server, 'src/recordings/transcripts/assemble.ts')
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-asr-recording-'));
  try {
    const raw = path.join(dir, 'microphone.raw');
    writeFileSync(raw, Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength));
    const ogg = path.join(dir, 'microphone.ogg');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', raw],
      ...['-ar', '48000', '-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20'],
      ...['-f', 'ogg', ogg],
    ]);
    const rawDir = path.join(dir, 'raw');
    mkdirSync(path.join(rawDir, 'rec'), { recursive: true });
    await writeMjr(ogg, path.join(rawDir, 'rec', 'camera-1-audio-0.mjr'), {
      createdAt: Date.now() - 3_600_000,
      firstPacketDelayMs: 0,
    });
    const media = await remuxStreams({
      rawDir,
      outDir: path.join(dir, 'media'),
      pieces: [{ userId: 1, source: 'camera', filePrefix: 'rec/camera-1', startMs: 0 }],
      withVideo: false,
    });
    const { voices } = await decodeVoices(
      media.sounds.map((s) => ({ userId: 1, path: s.path, offsetMs: s.offsetMs })),
      dir,
    );
    if (voices.length !== 1) throw new Error('the recording has no voice track');

    const engines = await createEngines(config, log);
    if (typeof engines.asr.ready === 'function') await engines.asr.ready();
    try {
      const durationMs = Math.ceil((stream.length / RATE) * 1000);
      const cpu0 = process.cpuUsage();
      const wall0 = performance.now();
      const { lines, report } = await assembleTranscript({
        startedAt: 0,
        stoppedAt: durationMs,
        captions: [],
        events: [],
        audioPath: null,
        voices,
        engines,
      });
      const wall = (performance.now() - wall0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const toSample = (ms) => Math.round((ms / 1000) * RATE);
      const recording = lines.map((l) => ({
        start: toSample(l.startTime),
        end: toSample(l.endTime),
        text: l.text,
        origin: l.origin,
      }));
      const decoded = wavSamples(voices[0].audioPath);
      const live = await liveOn(decoded, engines);
      return {
        recording,
        live,
        report,
        wall,
        mainCpu: (cpu.user + cpu.system) / 1e6,
        offsetMs: voices[0].offsetMs,
      };
    } finally {
      await engines.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function wavSamples(file) {
  const bytes = readFileSync(file);
  const at = bytes.indexOf('data', 12, 'ascii') + 8;
  const copy = Buffer.from(bytes.subarray(at, at + ((bytes.length - at) & ~1)));
  return new Int16Array(copy.buffer, copy.byteOffset, copy.length / 2);
}

/** Live captions' way (scripts/bench/asr.mjs), fed as fast as it goes, on `pcm`. */
async function liveOn(pcm, engines) {
  const segmenter = engines.vad.create();
  const utterances = [];
  const pending = [];
  let current;
  const handle = (events) => {
    for (const event of events) {
      if (event.type === 'speechStart') {
        const u = engines.asr.open('en', 'live-on-recording');
        current = { u, record: { start: event.atSample, end: -1, text: '' } };
        utterances.push(current.record);
        u.push(event.preroll);
      } else if (event.type === 'speech') {
        current?.u.push(event.pcm);
      } else if (current) {
        const { u, record } = current;
        current = undefined;
        record.end = event.atSample;
        pending.push(u.finish().then((text) => (record.text = text)));
      }
    }
  };
  // A warm-up utterance, as the live run has.
  const warm = engines.asr.open('en', 'live-on-recording');
  warm.push(pcm.subarray(0, RATE * 4));
  await warm.finish();
  for (let i = 0; i < pcm.length; i += 320) {
    handle(segmenter.push(pcm.subarray(i, i + 320)));
    if (i % (320 * 64) === 0) await new Promise((r) => setImmediate(r));
  }
  handle(segmenter.flush());
  segmenter.close();
  await Promise.all(pending);
  return utterances;
}
