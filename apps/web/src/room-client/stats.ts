/**
 * From the subscriber's statistics, read once a second: per member the decoded video size and
 * frames, the audio level (speaking power on a 0–100 scale), and the round trip to the server.
 */
import type { Publisher } from './publisher';
import type { Subscriber } from './subscriber';
import type { RemoteStats } from './types';

interface StatLike {
  type: string;
  kind?: string;
  mid?: string;
  framesDecoded?: number;
  frameWidth?: number;
  frameHeight?: number;
  audioLevel?: number;
  nominated?: boolean;
  state?: string;
  currentRoundTripTime?: number;
}

export async function collectStats(
  subscriber: Subscriber,
  camera: Publisher | undefined,
  report: RTCStatsReport,
): Promise<{ stats: RemoteStats[]; volumes: Map<string, number> }> {
  const byPeer = new Map<string, RemoteStats>();
  const volumes = new Map<string, number>();
  let rtt: number | null = null;
  report.forEach((s: StatLike) => {
    if (
      s.type === 'candidate-pair' &&
      s.nominated &&
      s.state === 'succeeded' &&
      s.currentRoundTripTime !== undefined
    ) {
      rtt = s.currentRoundTripTime * 1000;
    }
  });
  if (rtt === null && camera) rtt = await camera.rttMs();
  report.forEach((s: StatLike) => {
    if (s.type !== 'inbound-rtp' || !s.mid) return;
    const stream = subscriber.streams.get(s.mid);
    if (!stream || stream.source !== 'camera') return;
    const entry = byPeer.get(stream.peerId) ?? {
      peerId: stream.peerId,
      rttMs: rtt,
      videoWidth: 0,
      videoHeight: 0,
      framesDecoded: 0,
      audioLevel: 0,
    };
    if (s.kind === 'video') {
      entry.videoWidth = s.frameWidth ?? 0;
      entry.videoHeight = s.frameHeight ?? 0;
      entry.framesDecoded = s.framesDecoded ?? 0;
    } else if (s.kind === 'audio') {
      entry.audioLevel = s.audioLevel ?? 0;
      volumes.set(stream.peerId, Math.round((s.audioLevel ?? 0) * 100));
    }
    byPeer.set(stream.peerId, entry);
  });
  return { stats: [...byPeer.values()], volumes };
}
