/**
 * What the Magic Cam tests share: the multipart forms of freeStyle/publish and
 * freeStyle/favorite as the web sends them, pictures to use as covers, and `/magic` sockets.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { MAGIC_NAMESPACE, type MagicAck, type MagicStartRequest } from '@meet/shared';
import type { TestApp } from './helper.js';

/** A plain picture of one colour. */
export const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** Random pixels: nothing compresses them, so the file is as big as the picture. */
export const noise = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();

/** A style form: the fields, and the cover as a file part when there is one. */
export async function styleForm(
  fields: Record<string, string>,
  cover?: { data: Buffer; filename?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (cover) form.append('cover', new Blob([cover.data]), cover.filename ?? 'cover.jpg');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** POSTs a style form to `/api/magic/freeStyle/<path>`. */
export async function postStyle(
  t: TestApp,
  path: 'publish' | 'favorite',
  token: string,
  fields: Record<string, string>,
  cover?: { data: Buffer; filename?: string },
) {
  const { payload, headers } = await styleForm(fields, cover);
  return t.app.inject({
    method: 'POST',
    url: `/api/magic/freeStyle/${path}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

export interface MagicClient {
  socket: Socket;
  charged: { minutes: number; balance: number }[];
  closed: { reason: string }[];
  start(request: MagicStartRequest): Promise<MagicAck>;
  prompt(prompt: string): Promise<MagicAck>;
  stop(): Promise<void>;
  /** Resolves when the server ends the connection. */
  gone: Promise<void>;
}

/** A `/magic` socket opened with a session token, as the web opens it. */
export function magicSocket(base: string, token: string): Promise<MagicClient> {
  const socket = io(`${base}${MAGIC_NAMESPACE}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  const client: MagicClient = {
    socket,
    charged: [],
    closed: [],
    start: (request) => new Promise((resolve) => socket.emit('start', request, resolve)),
    prompt: (prompt) => new Promise((resolve) => socket.emit('prompt', { prompt }, resolve)),
    stop: () => new Promise((resolve) => socket.emit('stop', () => resolve())),
    gone: new Promise((resolve) => socket.once('disconnect', () => resolve())),
  };
  socket.on('charged', (event: { minutes: number; balance: number }) => client.charged.push(event));
  socket.on('closed', (event: { reason: string }) => client.closed.push(event));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
