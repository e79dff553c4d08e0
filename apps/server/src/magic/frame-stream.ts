/**
 * `GET /api/magic/stream?token=…`: a running stream-engine session's stylised frames as a
 * `multipart/x-mixed-replace` body, one JPEG part each (Content-Type and Content-Length). A
 * reader that falls behind misses frames rather than queueing them; the body ends when the
 * session closes or its socket goes away.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { MAGIC_STREAM_BOUNDARY } from '@meet/shared';
import type { MagicSession } from './magic-session.js';

/** Bytes waiting for a slow reader beyond which a new frame is dropped (a few frames). */
const MAX_BUFFERED = 512 * 1024;

export function sendFrameStream(session: MagicSession, reply: FastifyReply): FastifyReply {
  const body = new PassThrough();
  const frame = (jpeg: Buffer) => {
    if (body.writableLength > MAX_BUFFERED) return;
    body.write(
      `--${MAGIC_STREAM_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`,
    );
    body.write(jpeg);
    body.write('\r\n');
  };
  const end = () => {
    stop();
    body.end(`--${MAGIC_STREAM_BOUNDARY}--\r\n`);
  };
  const stop = () => {
    session.off('frame', frame);
    session.off('closed', end);
    session.off('paused', end);
  };
  // Node holds the headers back until the first bytes: a line of preamble (which multipart
  // readers skip) sends them now, so the reader knows the stream is open before any frame.
  body.write('\r\n');
  session.on('frame', frame);
  session.on('closed', end);
  session.on('paused', end);
  reply.raw.on('close', stop);
  return reply
    .header('content-type', `multipart/x-mixed-replace; boundary=${MAGIC_STREAM_BOUNDARY}`)
    .header('cache-control', 'no-store')
    .send(body);
}
