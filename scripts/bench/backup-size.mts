// Size and time of `npm run backup` (and `npm run restore`) for a site with 1,000 accounts and
// 10 recordings on PGlite (issue 32). The data is made with the server's own code on a new
// DATA_DIR: the accounts through the sign-up API (email code from the development outbox, the
// real password hashing), the recordings as rows of meetings their owner created, with real
// H.264/AAC files made by ffmpeg from its test source in the file store (as
// apps/server/test/records-fixture.ts makes them). Then the built server is started there with
// `npm run serve`, `npm run backup -- FILE` is timed while it runs, and the archive restored into
// an empty folder is timed too.
//
// Usage (after `npm run build`):
//   npx tsx scripts/bench/backup-size.mts [--users=1000] [--recordings=10] [--seconds=10]
//     [--port=4422] [--keep]
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config/config.js';
import { conferences, recordings } from '../../apps/server/src/db/schema/index.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'];
  }),
);
const USERS = Number(args.users ?? 1000);
const RECORDINGS = Number(args.recordings ?? 10);
const SECONDS = Number(args.seconds ?? 10);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** A recording's files: SECONDS of 640x360 H.264 + AAC, its AAC audio and a JPEG frame. */
async function mediaFiles(dir: string) {
  const ff = (...a: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...a]);
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SECONDS}`];
  const picture = ['-f', 'lavfi', '-i', `testsrc=size=640x360:rate=15:duration=${SECONDS}`];
  const video = path.join(dir, 'video.mp4');
  const audio = path.join(dir, 'audio.m4a');
  const preview = path.join(dir, 'preview.jpg');
  await ff(
    ...picture,
    ...tone,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    video,
  );
  await ff(...tone, '-c:a', 'aac', audio);
  await ff(...picture, '-frames:v', '1', preview);
  return {
    video: await readFile(video),
    audio: await readFile(audio),
    preview: await readFile(preview),
  };
}

async function seed(dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JANUS: 'off',
    MAIL_OUTBOX_HTTP: '1',
    JOBS_WORK: '0',
  });
  const app = await buildApp({ config, logger: false });
  let ip = 0;
  // Each account from its own address, as different people sign up (per-address limits).
  const nextIp = () => {
    ip++;
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
  };
  const post = async (url: string, body: object, token?: string, remoteAddress = nextIp()) => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const json = res.json() as { code: number; payload: Record<string, unknown> };
    if (json.code !== 0) throw new Error(`${url}: ${res.body}`);
    return json.payload;
  };
  const signUp = async (i: number) => {
    const email = `user${i}@example.com`;
    const from = nextIp();
    await post('/api/user/generateEmailVerifyCode', { email, type: 'register' }, undefined, from);
    const mail = await app.inject({ method: 'GET', url: `/dev/mail?to=${email}` });
    const code = /\b(\d{6})\b/.exec((mail.json() as { text: string }[])[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    const done = await post(
      '/api/user/emailRegister',
      { email, code, password: `pw-${i}-secret` },
      undefined,
      from,
    );
    return done.token as string;
  };

  try {
    const started = performance.now();
    const tokens: string[] = [];
    // Four at a time: the password hashing (argon2id) is most of the work.
    for (let i = 0; i < USERS; i += 4) {
      const batch = [];
      for (let j = i; j < Math.min(i + 4, USERS); j++) batch.push(signUp(j));
      tokens.push(...(await Promise.all(batch)));
    }
    console.log(
      `${USERS} accounts signed up in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const work = await mkdtemp(path.join(tmpdir(), 'meet-bench-media-'));
    const media = await mediaFiles(work);
    await rm(work, { recursive: true, force: true });
    const db = app.database.db;
    let mediaBytes = 0;
    for (let r = 0; r < RECORDINGS; r++) {
      const token = tokens[r % tokens.length]!;
      const info = await post(
        '/api/conference/createConference',
        { topic: `Weekly sync ${r + 1}` },
        token,
        '127.0.0.1',
      );
      const owner = await post('/api/user/getUserInfo', {}, token, '127.0.0.1');
      const [conference] = await db
        .select({ id: conferences.id })
        .from(conferences)
        .where(eq(conferences.conferenceId, info.conferenceId as string));
      const recordId = randomBytes(9).toString('base64url');
      const put = async (name: string, data: Buffer, type: string) => {
        const key = `recordings/${recordId}/${name}`;
        await app.blobs.put(key, data, type);
        mediaBytes += data.length;
        return key;
      };
      const startedAt = Date.now() - (r + 1) * 3600_000;
      await db.insert(recordings).values({
        recordId,
        conferenceId: conference!.id,
        ownerId: Number(owner.userId),
        name: `Weekly sync ${r + 1}`,
        recordType: 'video',
        layout: 'speech',
        status: 'ready',
        progress: 100,
        stage: '',
        startedAt: new Date(startedAt),
        stoppedAt: new Date(startedAt + SECONDS * 1000),
        durationMs: SECONDS * 1000,
        sizeBytes: media.video.length + media.audio.length + media.preview.length,
        shareScope: 'private',
        createdAt: new Date(startedAt),
        videoKey: await put('video.mp4', media.video, 'video/mp4'),
        audioKey: await put('audio.m4a', media.audio, 'audio/mp4'),
        previewKey: await put('preview.jpg', media.preview, 'image/jpeg'),
      });
    }
    console.log(
      `${RECORDINGS} recordings of ${SECONDS} s (640x360): ${mb(mediaBytes)} of files ` +
        `(${mb(media.video.length)} video, ${mb(media.audio.length)} audio, ${mb(media.preview.length)} preview each)`,
    );
    return mediaBytes;
  } finally {
    await app.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm run serve` on DATA_DIR until "Ready on"; returns its stop. */
async function serve(dataDir: string, port: number) {
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      JANUS: 'off',
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Ready on" in 120 s:\n${out}`)), 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk;
      if (out.includes('Ready on http://localhost:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run serve exited ${code}:\n${out}`)));
  });
  return async () => {
    child.kill('SIGTERM');
    const force = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  };
}

async function npmRun(script: string, file: string, dataDir: string) {
  const started = performance.now();
  const { stderr } = await run('npm', ['run', '--silent', script, '--', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    maxBuffer: 16 * 1024 * 1024,
  });
  if (stderr.trim()) console.log(`${script}: ${stderr.trim()}`);
  return (performance.now() - started) / 1000;
}

/** Bytes of the archive's members, by their first folder. */
async function composition(file: string) {
  const { stdout } = await run('tar', ['-tvzf', file], { maxBuffer: 64 * 1024 * 1024 });
  const parts = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const m = /^\S+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+(.+)$/.exec(line);
    if (!m) continue;
    const segments = m[2]!.replace(/^\.\//, '').split('/');
    const deep = segments[0] === 'files' || segments[0] === '.meet-backup';
    const top = segments.slice(0, deep ? 2 : 1).join('/');
    parts.set(top, (parts.get(top) ?? 0) + Number(m[1]));
  }
  return [...parts]
    .filter(([, b]) => b > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([k, b]) => `${k} ${mb(b)}`)
    .join(', ');
}

const work = await mkdtemp(path.join(tmpdir(), 'meet-bench-backup-'));
try {
  const dataDir = path.join(work, 'data');
  await mkdir(dataDir);
  await seed(dataDir);
  // 0: any free port.
  const port = Number(args.port ?? 4422) || (await freePort());
  const stop = await serve(dataDir, port);
  const archive = path.join(work, 'backup.tar.gz');
  let seconds: number;
  try {
    seconds = await npmRun('backup', archive, dataDir);
  } finally {
    await stop();
  }
  const { size } = await stat(archive);
  console.log(`npm run backup (server running, PGlite): ${mb(size)} in ${seconds.toFixed(1)} s`);
  console.log(`  uncompressed contents: ${await composition(archive)}`);
  const stopped = path.join(work, 'backup-stopped.tar.gz');
  const stoppedSeconds = await npmRun('backup', stopped, dataDir);
  console.log(
    `npm run backup (server stopped): ${mb((await stat(stopped)).size)} in ${stoppedSeconds.toFixed(1)} s`,
  );
  const restoreSeconds = await npmRun('restore', archive, path.join(work, 'restored'));
  console.log(`npm run restore into an empty DATA_DIR: ${restoreSeconds.toFixed(1)} s`);
} finally {
  if (args.keep) console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}
