// Recording composition benchmark (not a test): a synthetic 4-member, 10-minute meeting in the
// formats janus-pp-rec writes (VP8 WebM cameras at 1280x720 30 fps ~1.2 Mbit/s, one 1920x1080
// screen share at 5 fps, Opus audio), with a talking timeline, a late joiner, a share and a
// camera turned off, composed by the server's own code (compose-files.ts, speech layout).
// Prints the wall time, the CPU time of the ffmpeg runs and the speed against real time: a
// profile of one part (decoding alone, decoding + layout without encoding), the whole
// composition in one part (one video run, as before parts), the whole composition in parts (one
// a core, the server's default), the two videos' SSIM against each other.
//
//   node scripts/bench/compose.mjs [--minutes=10] [--layout=speech|grid] [--fps=15]
//                                  [--preset=veryfast] [--crf=26] [--parts=N] [--profile=1]
//                                  [--compare=1] [--keep=1]
//
// Generated inputs are cached in $TMPDIR/meet-bench-compose (a few minutes the first time).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = path.join(root, 'apps/server');
register();
const { composePlan } = await import(path.join(server, 'src/recordings/compose/compose-plan.ts'));
const { nameFont } = await import(path.join(server, 'src/recordings/compose/media-tools.ts'));
const { composeFiles, partsFor } = await import(
  path.join(server, 'src/recordings/compose/compose-files.ts')
);
const { RECORDING_DEFAULTS } = await import(
  path.join(server, 'src/recordings/compose/settings.ts')
);

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const minutes = Number(args.minutes ?? 10);
const layout = args.layout ?? 'speech';
const encode = {
  ...RECORDING_DEFAULTS.encode,
  ...(args.fps ? { fps: Number(args.fps) } : {}),
  ...(args.preset ? { preset: args.preset } : {}),
  ...(args.crf ? { crf: Number(args.crf) } : {}),
};
const durationMs = minutes * 60_000;
const cache = path.join(tmpdir(), 'meet-bench-compose');
mkdirSync(cache, { recursive: true });

const ffmpeg = (list) => {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...list], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`ffmpeg ${list.join(' ')} failed`);
};

/**
 * A 20 s clip looped to the length needed, stream-copied (as Janus would have written it). A
 * camera is encoded as Chrome's simulcast top layer is: VP8 with three temporal layers (the top
 * one, every other frame, referred to by nothing); a screen share with one layer.
 */
function camera(name, source, seconds) {
  const clip = path.join(cache, `${name}-clip-tl-k10.webm`);
  if (!existsSync(clip)) {
    console.log(`generating ${name} (VP8)…`);
    const screen = name.startsWith('screen');
    const layers = screen
      ? []
      : [
          '-ts-parameters',
          'ts_number_layers=3:ts_target_bitrate=360,720,1200:' +
            'ts_rate_decimator=4,2,1:ts_periodicity=4:ts_layer_id=0,2,1,2:ts_layering_mode=3',
        ];
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      source,
      '-t',
      '20',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      screen ? '800k' : '1200k',
      // A key frame every 10 s, as Janus asks publishers for one (fir_freq) while recording.
      '-g',
      String(screen ? 50 : 300),
      ...layers,
      '-threads',
      '2',
      clip,
    ]);
  }
  const out = path.join(cache, `${name}-tl-k10-${seconds}.webm`);
  if (!existsSync(out)) {
    ffmpeg([
      '-stream_loop',
      String(Math.ceil(seconds / 20)),
      '-i',
      clip,
      '-t',
      String(seconds),
      '-c',
      'copy',
      out,
    ]);
  }
  return out;
}

/** A member's Opus track: a voice-band tone while they talk, silence otherwise. */
function voice(name, freq, talks, seconds) {
  const out = path.join(cache, `${name}-${seconds}-${talks.length}.opus`);
  if (!existsSync(out)) {
    const gate = talks.map(([s, e]) => `between(t,${s},${e})`).join('+') || '0';
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `aevalsrc='0.3*sin(2*PI*${freq}*t)*sin(2*PI*3*t)*gt(${gate},0)':s=48000:d=${seconds}`,
      '-c:a',
      'libopus',
      '-b:a',
      '32k',
      '-application',
      'voip',
      out,
    ]);
  }
  return out;
}

// The meeting: members 1–3 from the start, 4 after a minute; turns of talk with some overlap.
const total = durationMs / 1000;
const members = [
  { userId: 1, name: 'Alice Zhang', join: 0, src: 'testsrc2=s=1280x720:r=30', freq: 220 },
  { userId: 2, name: '王小明', join: 0, src: 'testsrc2=s=1280x720:r=30,hflip', freq: 300 },
  { userId: 3, name: 'Bob', join: 0, src: 'testsrc=s=1280x720:r=30', freq: 380 },
  {
    userId: 4,
    name: 'Dana Late',
    join: Math.min(60, total / 4),
    src: 'mandelbrot=s=1280x720:r=30',
    freq: 460,
  },
];
const timeline = [];
const talks = new Map(members.map((m) => [m.userId, []]));
for (let t = 2, turn = 0; t < total - 5; turn++) {
  const present = members.filter((m) => m.join <= t);
  const speaker = present[turn % present.length];
  const length = 4 + (turn % 5) * 2;
  talks.get(speaker.userId).push([t, Math.min(total, t + length)]);
  // Every third turn someone answers briefly over the speaker (within the 2 s hold).
  if (turn % 3 === 2 && present.length > 1) {
    const other = present[(turn + 1) % present.length];
    talks.get(other.userId).push([t + 1, t + 2]);
  }
  t += length + 0.5;
}
for (const m of members) {
  timeline.push({ type: 'join', userId: m.userId, name: m.name, at: m.join * 1000 });
  for (const [s, e] of talks.get(m.userId)) {
    timeline.push({ type: 'talk_start', userId: m.userId, at: s * 1000 });
    timeline.push({ type: 'talk_stop', userId: m.userId, at: e * 1000 });
  }
}
const shareFrom = total * 0.4;
const shareTo = total * 0.6;
timeline.push({ type: 'share_start', userId: 2, at: shareFrom * 1000 });
timeline.push({ type: 'share_stop', userId: 2, at: shareTo * 1000 });
timeline.push({ type: 'camera_off', userId: 3, at: total * 0.8 * 1000 });
timeline.push({ type: 'camera_on', userId: 3, at: total * 0.9 * 1000 });

console.log(`preparing inputs for a ${minutes}-minute meeting (cached in ${cache})…`);
const pictures = [];
const sounds = [];
for (const m of members) {
  const seconds = Math.round(total - m.join);
  pictures.push({
    userId: m.userId,
    source: 'camera',
    path: camera(`cam${m.userId}`, m.src, seconds),
    offsetMs: m.join * 1000,
    durationMs: seconds * 1000,
    frameRate: 30,
  });
  const offsets = talks.get(m.userId).map(([s, e]) => [s - m.join, e - m.join]);
  sounds.push({
    path: voice(`voice${m.userId}`, m.freq, offsets, seconds),
    offsetMs: m.join * 1000,
  });
}
const shareSeconds = Math.round(shareTo - shareFrom);
pictures.push({
  userId: 2,
  source: 'screen',
  path: camera('screen2', 'testsrc2=s=1920x1080:r=5', shareSeconds),
  offsetMs: shareFrom * 1000,
  durationMs: shareSeconds * 1000,
  frameRate: 5,
});

const work = path.join(cache, `run-${process.pid}`);
mkdirSync(work, { recursive: true });

/** CPU seconds of this process's finished children (user + system, /proc/self/stat). */
function childCpu() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After the name: state is field 3, cutime 16 and cstime 17 (1-based), in clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs ffmpeg under /usr/bin/time: wall seconds and CPU seconds (user + system). */
function timed(label, list) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', '%e %U %S %M', 'ffmpeg', ...list], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const last = err.trim().split('\n').pop() ?? '';
      const [wall, user, sys] = last.split(' ').map(Number);
      if (code !== 0) return reject(new Error(`${label} failed: ${err.slice(-2000)}`));
      report(label, wall, user + sys);
      resolve({ wall, cpu: user + sys });
    });
  });
}

function report(label, wall, cpu) {
  console.log(
    `${label.padEnd(36)} wall ${wall.toFixed(1).padStart(6)} s  cpu ${cpu.toFixed(1).padStart(6)} s  ` +
      `${(total / wall).toFixed(2).padStart(6)}x real time`,
  );
}

/** The server's own composition (compose-files.ts) in `parts` parts: its wall and CPU time. */
async function compose(label, parts, encoding = encode) {
  const dir = path.join(work, `parts-${parts}`);
  mkdirSync(dir, { recursive: true });
  const cpuBefore = childCpu();
  const started = performance.now();
  const files = await composeFiles({
    recordType: 'video',
    layout,
    durationMs,
    timeline,
    pictures,
    sounds,
    workDir: dir,
    settings: { encode: encoding, parts: { max: parts, minMs: RECORDING_DEFAULTS.parts.minMs } },
  });
  const wall = (performance.now() - started) / 1000;
  const cpu = childCpu() - cpuBefore;
  report(label, wall, cpu);
  return { files, wall, cpu };
}

const cores = availableParallelism();
const parts = Number(args.parts ?? partsFor(durationMs, RECORDING_DEFAULTS));
console.log(
  `\n${members.length} members, ${minutes} min, ${layout} layout, ${encode.fps} fps, ` +
    `x264 ${encode.preset} crf ${encode.crf}, ${pictures.length} picture files, ${cores} cores`,
);
if (args.profile !== '0') {
  // Where one part's time goes: its files decoded alone, then decoded and laid out.
  const plan = composePlan({
    recordType: 'video',
    layout,
    durationMs,
    timeline,
    pictures,
    sounds,
    encode,
    fontFile: nameFont(),
    workDir: work,
    outputs: { video: path.join(work, 'profile.mp4'), audio: path.join(work, 'profile.m4a') },
  });
  for (const f of plan.files) writeFileSync(f.path, f.content);
  const one = plan.runs.find((r) => r.kind === 'video').args;
  const inputs = one.slice(0, one.indexOf('-filter_complex_script'));
  const maps = pictures.flatMap((_, i) => ['-map', `${i}:v`]);
  await timed('decode every picture file', [...inputs, ...maps, '-f', 'null', '-']);
  await timed('decode + layout (no encoding)', [
    ...one.slice(0, one.indexOf('-map')),
    ...['-map', '[vout]', '-f', 'null', '-'],
  ]);
}
// Before parts: one video run at the encoding used until then (x264 superfast crf 28 with
// B-frames), the picture the parts' video is compared with.
const BEFORE = { fps: 15, preset: 'superfast', crf: 28, audioBitrate: '96k' };
const before =
  args.compare === '0' ? null : await compose('whole composition, 1 part, before', 1, BEFORE);
const after = await compose(`whole composition, ${parts} parts`, parts);

const size = (f) => (statSync(f).size / 1024 / 1024).toFixed(1);
const probe = (f) =>
  spawnSync('ffprobe', [
    '-v',
    'error',
    '-count_packets',
    '-show_entries',
    'stream=codec_name,width,height,nb_read_packets:format=duration',
    '-of',
    'compact=p=0:nk=1',
    f,
  ])
    .stdout.toString()
    .trim()
    .replace(/\n/g, ' | ');
console.log(
  `\nvideo ${size(after.files.video)} MB (${probe(after.files.video)}), audio ${size(after.files.audio)} MB`,
);
if (before) {
  console.log(`1 part: video ${size(before.files.video)} MB (${probe(before.files.video)})`);
  // The same picture? SSIM and PSNR of the parts' video against the one before, frame by frame.
  const compare = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-i', after.files.video, '-i', before.files.video],
      ...['-lavfi', '[0:v]split[a0][a1];[1:v]split[b0][b1];[a0][b0]ssim;[a1][b1]psnr'],
      ...['-f', 'null', '-'],
    ],
    { encoding: 'utf8' },
  );
  const ssim = / All:([\d.]+)/.exec(compare.stderr)?.[1];
  const psnr = / average:([\d.inf]+)/.exec(compare.stderr)?.[1];
  console.log(`${parts} parts against 1 part before: SSIM ${ssim ?? '?'}, PSNR ${psnr ?? '?'} dB`);
}
console.log(
  `speed: ${(total / after.wall).toFixed(2)}x real time (goal ≥ 8x, issue 31: ${total / after.wall >= 8 ? 'met' : 'NOT met'})`,
);
if (args.keep !== '1') rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work}`);
