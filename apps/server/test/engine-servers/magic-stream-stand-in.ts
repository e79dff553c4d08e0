/**
 * A local stand-in for a streaming image-to-image server (StreamDiffusion-style), speaking the
 * upstream protocol of packages/shared protocol/magic-stream.ts: JSON text for control, JPEG
 * frames as binary messages. It stylises for real: each frame is decoded, changed visibly
 * (tinted by the prompt's colour word, else negated) and encoded again at the same size. The
 * tests use it as the contract of MAGIC_CAM_URL; switches make it refuse the connection, say
 * it is full (serverFull), never say ready, or go silent after some frames.
 */
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import { upstreamRequest, type UpstreamEvent, type UpstreamRequest } from '@meet/shared';

/** The colours a prompt can tint with; without one the picture is negated. */
export const STAND_IN_TINTS: Record<string, { r: number; g: number; b: number }> = {
  red: { r: 255, g: 0, b: 0 },
  green: { r: 0, g: 255, b: 0 },
  blue: { r: 0, g: 0, b: 255 },
};

export interface MagicStandInSwitches {
  /** Refuse the WebSocket handshake (as a server that is down or turns us away). */
  refuse: boolean;
  /** Answer `start` with `error: serverFull`. */
  serverFull: boolean;
  /** Never answer `start`. */
  neverReady: boolean;
  /** Stop answering frames after this many (undefined: never). */
  silentAfter: number | undefined;
}

export interface MagicStandIn {
  url: string;
  switches: MagicStandInSwitches;
  /** Every text message received, in order, from every connection. */
  requests: UpstreamRequest[];
  /** Sizes of the camera frames received. */
  framesIn: number[];
  framesOut: number;
  /** Connections open now. */
  open(): number;
  /** Cuts every connection (the server went away), and keeps listening. */
  drop(): void;
  close(): Promise<void>;
}

/** The stand-in's look for a prompt, applied to one JPEG. */
export async function stylise(jpeg: Buffer, prompt: string): Promise<Buffer> {
  const colour = Object.keys(STAND_IN_TINTS).find((word) =>
    prompt.toLowerCase().split(/\W+/).includes(word),
  );
  const image = sharp(jpeg);
  const changed = colour ? image.tint(STAND_IN_TINTS[colour]!) : image.negate({ alpha: false });
  return changed.jpeg({ quality: 85 }).toBuffer();
}

export async function startMagicStandIn(
  switches: Partial<MagicStandInSwitches> = {},
): Promise<MagicStandIn> {
  const server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: () => !standIn.switches.refuse,
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const sockets = new Set<WebSocket>();
  const standIn: MagicStandIn = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream`,
    switches: {
      refuse: false,
      serverFull: false,
      neverReady: false,
      silentAfter: undefined,
      ...switches,
    },
    requests: [],
    framesIn: [],
    framesOut: 0,
    open: () => sockets.size,
    drop: () => {
      for (const socket of sockets) socket.terminate();
    },
    close: async () => {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const send = (event: UpstreamEvent) => socket.send(JSON.stringify(event));
    let prompt: string | undefined;
    let answered = 0;
    // Frames are answered in the order they came, one at a time, like a GPU pipeline.
    let work = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      if (!isBinary) {
        const request = upstreamRequest.parse(JSON.parse(data.toString()));
        standIn.requests.push(request);
        if (request.type === 'start') {
          if (standIn.switches.serverFull) {
            send({ type: 'error', reason: 'serverFull', message: 'no free GPU' });
            socket.close();
          } else if (!standIn.switches.neverReady) {
            prompt = request.prompt;
            send({ type: 'ready' });
          }
        } else if (request.type === 'prompt') {
          prompt = request.prompt;
        } else {
          socket.close();
        }
        return;
      }
      const jpeg = Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data as Buffer)]);
      standIn.framesIn.push(jpeg.length);
      const silent = standIn.switches.silentAfter;
      if (prompt === undefined || (silent !== undefined && answered >= silent)) return;
      answered += 1;
      const look = prompt;
      work = work.then(async () => {
        const out = await stylise(jpeg, look);
        if (socket.readyState === socket.OPEN) {
          socket.send(out, { binary: true });
          standIn.framesOut += 1;
        }
      });
    });
  });
  return standIn;
}
