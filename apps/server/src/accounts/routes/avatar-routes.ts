/**
 * Avatar upload: checks the file is a real png/jpeg/gif within the size rules, crops it to a
 * centred square, stores it as PNG and replaces the old one.
 */
import type { FastifyRequest } from 'fastify';
import type { Metadata } from 'sharp';
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_SIDE,
  AVATAR_MIN_HEIGHT,
  AVATAR_MIN_WIDTH,
} from '@meet/shared';
import { AppError } from '../../lib/app-error.js';
import { randomCode } from '../../lib/crypto.js';
import { readUpload } from '../../lib/multipart.js';
import { signedInUser } from '../../plugins/auth.js';

const STORED_SIDE = 512;
const FORMATS = new Set(['png', 'jpeg', 'gif']);

export async function changeAvatar(request: FastifyRequest): Promise<{ url: string }> {
  const { users, blobs } = request.server;
  const user = signedInUser(request);
  const upload = await readUpload(request, 'avatar');
  if (!upload) throw AppError.badRequest('avatarMissing');
  const { filename, data: file } = upload;
  const ext = filename.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext))
    throw AppError.badRequest('avatarType');

  // libvips is loaded with the first image, not at start-up.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch {
    throw AppError.badRequest('avatarType');
  }
  if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw AppError.badRequest('avatarType');
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width < AVATAR_MIN_WIDTH || height < AVATAR_MIN_HEIGHT)
    throw AppError.badRequest('avatarTooSmall');
  if (meta.width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE)
    throw AppError.badRequest('avatarTooLarge');

  const side = Math.min(meta.width, height, STORED_SIDE);
  const png = await sharp(file, { pages: 1 })
    .rotate()
    .resize(side, side, { fit: 'cover', position: 'centre' })
    .png()
    .toBuffer();
  const key = `avatars/${user.code}-${randomCode(8)}.png`;
  await blobs.put(key, png, 'image/png');
  const url = `/files/${key}`;
  const previous = user.avatarUrl;
  await users.update(user.id, { avatarUrl: url });
  if (previous.startsWith('/files/avatars/')) {
    await blobs.delete(previous.slice('/files/'.length)).catch(() => undefined);
  }
  return { url };
}
