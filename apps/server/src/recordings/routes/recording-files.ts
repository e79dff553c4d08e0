/**
 * A recording's files behind signed links (records/recording-links.ts):
 * `GET /files/rec/<recordId>/<video|audio|preview>?exp=…&sig=…[&download=1[&tz=<zone>]]`. With
 * `download=1` the file is saved under the recording's name and day in `tz` (default UTC; the
 * page sends Home's zone): `Weekly sync 2026-11-27.mp4`, the audio `….m4a` (AAC in MP4). No
 * header is needed, so `<video src>` and `<img src>` load them; the player seeks with Range requests (206).
 * A wrong or expired signature, or one made before the recording's sharing narrowed, is 403; a
 * recording that is gone, or has no such file, is 404.
 */
import type { FastifyInstance } from 'fastify';
import { recordingFileName } from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contentDisposition } from '../../lib/content-disposition.js';
import { byteRange } from '../library/byte-range.js';
import { isRecordingFileKind } from '../library/recording-links.js';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export default async function recordingFileRoutes(app: FastifyInstance) {
  const { records, blobs, clock } = app;

  app.get<{
    Params: { recordId: string; kind: string };
    Querystring: { exp?: unknown; sig?: unknown; download?: unknown; tz?: unknown };
  }>('/files/rec/:recordId/:kind', { schema: { hide: true } }, async (request, reply) => {
    const { recordId, kind } = request.params;
    const { exp, sig, download, tz } = request.query;
    if (!isRecordingFileKind(kind)) throw AppError.notFound();
    // Links are signed with the recording's link version, so the row comes first. One that is
    // gone is checked as version 0: a link to it is refused either way (403, or 404 as before).
    const view = await records.lookup(recordId);
    const target = { recordId, linkVersion: view?.row.linkVersion ?? 0 };
    if (records.links.check(target, kind, exp, sig) !== 'valid') {
      throw AppError.forbidden('recordingLinkInvalid');
    }
    if (!view) throw AppError.recordNotFound();
    const { row } = view;
    const key = { video: row.videoKey, audio: row.audioKey, preview: row.previewKey }[kind];
    if (!key || row.status !== 'ready') throw AppError.recordNotFound();
    const whole = await blobs.get(key);
    if (!whole) throw AppError.recordNotFound();

    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    reply
      .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      // Good while the link is: the player may come back for more of the file.
      .header(
        'cache-control',
        `private, max-age=${Math.max(0, Math.floor((Number(exp) - clock.now()) / 1000))}`,
      );
    if (download === '1') {
      const zone = typeof tz === 'string' ? tz : 'UTC';
      const name = recordingFileName(row.name, row.startedAt.getTime(), zone, ext);
      reply.header('content-disposition', contentDisposition(name));
    }

    const range = byteRange(request.headers.range, whole.size);
    if (range === 'whole') {
      return reply.header('content-length', whole.size).send(whole.stream);
    }
    whole.stream.destroy();
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${whole.size}`).send();
    }
    const part = await blobs.get(key, range);
    if (!part) throw AppError.recordNotFound();
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${whole.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(part.stream);
  });
}
