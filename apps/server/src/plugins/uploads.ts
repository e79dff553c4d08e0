/**
 * Multipart uploads, for the route plugins that take files only (avatar, background images,
 * feedback attachments, recording minutes and transcripts): `@fastify/multipart` adds hooks to
 * every request of the context it is registered in, which every other call would pay for.
 * A multipart body sent to any other route is refused as an unsupported media type.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const LIMITS = { fileSize: 10 * 1024 * 1024, files: 2, fields: 20 };

/** Lets the routes of this (encapsulated) plugin read multipart bodies. */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: LIMITS });
}

/** Whether the request says its body is multipart (whether or not its route takes uploads). */
export function isMultipartRequest(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
}
