// How load.mjs reports a run: a table per meeting size, and one of whether the tool kept up.
import { table } from '../lib/table.mjs';

/** Prints the results of every meeting size measured, with the settings they were made with. */
export function printLoadTables(results, { video, maxAudios, maxVideos, seconds, warmup }) {
  console.log(
    `Load: video ${video.size}@${video.fps} VP8 ${video.kbps} kbit/s (one layer), Opus ${32} kbit/s; ` +
      `each member gets ${maxAudios === Infinity ? "everyone's audio" : `≤${maxAudios} audios`} and ≤${maxVideos} videos; ${seconds} s after ${warmup} s warm-up. ` +
      `CPU % of one core (2 cores = 200%), averaged over the window; RSS the median.`,
  );
  table(
    [
      'members',
      'streams fwd',
      'Janus CPU% / RSS MB',
      'server CPU% / RSS MB',
      'tool CPU% (busiest loop%)',
      'machine busy%',
      'fps sent / median (p10)',
      'loss %',
      'dead video',
      'pc down pub/sub',
    ],
    results.map((r) => [
      String(r.members),
      `${r.forwardedStreams}/${r.expectedStreams}`,
      `${r.janusCpu} / ${r.janusRssMb}`,
      `${r.serverCpu} / ${r.serverRssMb}`,
      `${r.toolCpu} (${r.toolLoopPct})`,
      String(r.machineBusy),
      `${r.sourceFps} / ${r.medianFps} (${r.p10Fps})`,
      String(r.lossPct),
      `${r.deadVideoStreams}/${r.videoStreams}`,
      `${r.publishersDown}/${r.subscribersDown}`,
    ]),
  );
  console.log('Details: is the tool keeping up?');
  table(
    [
      'members',
      'ready ms',
      'fps decrypted member',
      'lag growth ms med/max',
      'UDP drops Janus/tool',
      'tool rx queue KB med/max',
      'kbit/s in/member',
      'ffmpeg CPU%',
    ],
    results.map((r) => [
      String(r.members),
      String(r.readyMs),
      String(r.decryptedMedianFps),
      `${r.lagGrowthMedianMs}/${r.lagGrowthMaxMs}`,
      `${r.udpDropsJanus}/${r.udpDropsTool}`,
      `${r.toolQueueKb}/${r.toolQueueMaxKb}`,
      String(r.medianKbpsInPerMember),
      String(r.ffmpegCpu),
    ]),
  );
}
