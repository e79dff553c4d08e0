// The load tool's one media source: ffmpeg encodes a clip once (VP8 + Opus), then replays it in a
// loop with `-c copy` to RTP on localhost. The tool receives those packets and hands each one to
// every synthetic publisher, so N publishers cost no encoding per member.
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const VIDEO = { payloadType: 96, fps: 30, kbps: 500, size: '640x360', gop: 30 };
export const AUDIO = { payloadType: 111, kbps: 32, frameMs: 20 };

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${err}`)),
    );
  });
}

/** Encodes `seconds` of testsrc2 video and a sine tone into `dir/clip.webm` (once). */
export async function encodeClip(dir, seconds = 20, video = VIDEO) {
  const file = path.join(dir, `clip-${video.size}-${video.kbps}k-${video.fps}fps.webm`);
  if (existsSync(file)) return file;
  await run([
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${video.size}:rate=${video.fps}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    '-c:v',
    'libvpx',
    '-b:v',
    `${video.kbps}k`,
    '-minrate',
    `${video.kbps}k`,
    '-maxrate',
    `${video.kbps}k`,
    '-bufsize',
    `${video.kbps}k`,
    '-deadline',
    'realtime',
    '-cpu-used',
    '4',
    '-g',
    String(video.gop),
    '-keyint_min',
    String(video.gop),
    '-auto-alt-ref',
    '0',
    '-lag-in-frames',
    '0',
    '-c:a',
    'libopus',
    '-b:a',
    `${AUDIO.kbps}k`,
    '-frame_duration',
    String(AUDIO.frameMs),
    '-application',
    'voip',
    '-ac',
    '1',
    file,
  ]);
  return file;
}

/**
 * Replays the clip in a loop as RTP to two local UDP sockets; `onVideo`/`onAudio` get each RTP
 * packet (a Buffer). Returns { child, close() }.
 */
export async function replay(file, onVideo, onAudio) {
  const bind = (onPacket) =>
    new Promise((resolve) => {
      const socket = dgram.createSocket('udp4');
      socket.on('message', onPacket);
      socket.bind(0, '127.0.0.1', () => resolve(socket));
    });
  const videoSocket = await bind(onVideo);
  const audioSocket = await bind(onAudio);
  const child = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-stream_loop',
      '-1',
      '-i',
      file,
      '-map',
      '0:v',
      '-c',
      'copy',
      '-f',
      'rtp',
      '-payload_type',
      String(VIDEO.payloadType),
      `rtp://127.0.0.1:${videoSocket.address().port}?pkt_size=1200`,
      '-map',
      '0:a',
      '-c',
      'copy',
      '-f',
      'rtp',
      '-payload_type',
      String(AUDIO.payloadType),
      `rtp://127.0.0.1:${audioSocket.address().port}?pkt_size=1200`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return {
    child,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      videoSocket.close();
      audioSocket.close();
    },
  };
}
