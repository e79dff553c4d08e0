/**
 * A bad network of the test's own, for one browser: a UDP relay between that browser and the
 * run's TURN server (coturn), with the browser told to use the relay's port as its TURN server
 * (`throughShaper`) and to use relayed candidates only. Everything its peer connections send and
 * receive then crosses this relay, which can
 *  - cap the rate towards the browser (a token bucket with a short queue, as `tc … tbf` does:
 *    what does not fit in `queueMs` is dropped),
 *  - drop a share of packets (both ways), and
 *  - cut the link entirely (an outage).
 * The relay is transparent to TURN: coturn sees the relay's socket as the client, one upstream
 * socket per browser address, so allocations, permissions and credentials work unchanged.
 * (This kernel has no netem; this is the "small UDP relay of the test's own".)
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import type { BrowserContext, Page } from '@playwright/test';

export interface ShaperCounts {
  /** Datagrams and bytes delivered to the browser. */
  down: { packets: number; bytes: number; dropped: number };
  up: { packets: number; bytes: number; dropped: number };
}

export interface UdpShaper {
  readonly port: number;
  /** Caps what reaches the browser at this many kbit/s; null lifts the cap. */
  setDownlinkKbps(kbps: number | null): void;
  /** Drops this share (0–1) of packets each way, at random. */
  setLoss(share: number): void;
  /** An outage: nothing passes either way while down. */
  setDown(down: boolean): void;
  counts(): ShaperCounts;
  close(): Promise<void>;
}

interface Client {
  address: string;
  port: number;
  upstream: Socket;
}

export async function startUdpShaper(
  listenIp: string,
  target: { ip: string; port: number },
  options: { queueMs?: number } = {},
): Promise<UdpShaper> {
  const queueMs = options.queueMs ?? 100;
  const server = createSocket('udp4');
  const clients = new Map<string, Client>();
  let kbps: number | null = null;
  let loss = 0;
  let down = false;
  /** When the bucket can next send (ms, performance.now()). */
  let nextFree = 0;
  const counts: ShaperCounts = {
    down: { packets: 0, bytes: 0, dropped: 0 },
    up: { packets: 0, bytes: 0, dropped: 0 },
  };
  const lost = () => down || (loss > 0 && Math.random() < loss);

  const toBrowser = (client: Client, data: Buffer) => {
    if (lost()) {
      counts.down.dropped++;
      return;
    }
    const deliver = () => {
      counts.down.packets++;
      counts.down.bytes += data.length;
      server.send(data, client.port, client.address);
    };
    if (kbps === null) return deliver();
    const now = performance.now();
    const at = Math.max(now, nextFree);
    if (at - now > queueMs) {
      counts.down.dropped++;
      return;
    }
    nextFree = at + (data.length * 8) / kbps;
    if (at <= now) deliver();
    else setTimeout(deliver, at - now);
  };

  const clientOf = (from: RemoteInfo): Client => {
    const key = `${from.address}:${from.port}`;
    let client = clients.get(key);
    if (!client) {
      const upstream = createSocket('udp4');
      const made: Client = { address: from.address, port: from.port, upstream };
      upstream.on('message', (data) => toBrowser(made, data));
      upstream.on('error', () => undefined);
      upstream.bind(0, listenIp);
      clients.set(key, made);
      client = made;
    }
    return client;
  };

  server.on('message', (data, from) => {
    const client = clientOf(from);
    if (lost()) {
      counts.up.dropped++;
      return;
    }
    counts.up.packets++;
    counts.up.bytes += data.length;
    client.upstream.send(data, target.port, target.ip);
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.bind(0, listenIp, resolve));
  const port = server.address().port;

  return {
    port,
    setDownlinkKbps(value) {
      kbps = value;
      nextFree = 0;
    },
    setLoss(share) {
      loss = share;
    },
    setDown(value) {
      down = value;
    },
    counts: () => structuredClone(counts),
    async close() {
      for (const c of clients.values()) c.upstream.close();
      clients.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * This context's pages reach TURN through the shaper only: relayed candidates only, and the
 * TURN server's address in the join answer's ICE servers swapped for the shaper's. Every peer
 * connection is kept in `window.__peerConnections` (for its statistics).
 */
export async function throughShaper(
  context: BrowserContext,
  turn: { ip: string; port: number },
  shaperPort: number,
): Promise<void> {
  // A script's text, not a function: the benchmark runs this file through tsx, whose helpers
  // (added around named classes) do not exist in the page.
  const from = JSON.stringify(`${turn.ip}:${turn.port}`);
  const to = JSON.stringify(`${turn.ip}:${shaperPort}`);
  await context.addInitScript({
    content: `(() => {
      try { localStorage.setItem('iceTransportPolicy', 'relay'); } catch {}
      const Native = window.RTCPeerConnection;
      const made = [];
      window.__peerConnections = made;
      const swap = (url) => url.replace(${from}, ${to});
      window.RTCPeerConnection = class extends Native {
        constructor(configuration) {
          const iceServers = configuration?.iceServers?.map((s) => ({
            ...s,
            urls: Array.isArray(s.urls) ? s.urls.map(swap) : swap(s.urls),
          }));
          super({ ...configuration, iceServers });
          made.push(this);
        }
      };
    })();`,
  });
}

/** What one page receives of video now: the largest decoded frame and the frames decoded. */
export function receivedVideo(page: Page) {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    let width = 0;
    let height = 0;
    let frames = 0;
    let freezes = 0;
    let freezeMs = 0;
    for (const pc of all) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach(
        (s: {
          type: string;
          kind?: string;
          frameWidth?: number;
          frameHeight?: number;
          framesDecoded?: number;
          freezeCount?: number;
          totalFreezesDuration?: number;
        }) => {
          if (s.type !== 'inbound-rtp' || s.kind !== 'video') return;
          if ((s.frameWidth ?? 0) > width) {
            width = s.frameWidth ?? 0;
            height = s.frameHeight ?? 0;
          }
          frames += s.framesDecoded ?? 0;
          freezes += s.freezeCount ?? 0;
          freezeMs += (s.totalFreezesDuration ?? 0) * 1000;
        },
      );
    }
    return { width, height, frames, freezes, freezeMs };
  });
}
