/**
 * Magic Cam (issue 15, SPEC.md section 7 "Magic camera"), under /api/magic: sessions and my
 * settings, the style lists, free styles (`/freeStyle/*`), and the stylised frame stream.
 * Each part is its own plugin: the stream is opened by a session token, not a sign-in.
 */
import type { FastifyInstance } from 'fastify';
import sessionRoutes from './session-routes.js';
import styleRoutes from './style-routes.js';
import freeStyleRoutes from './free-style-routes.js';
import streamRoutes from './stream-routes.js';

export default async function magicRoutes(app: FastifyInstance) {
  await app.register(sessionRoutes);
  await app.register(styleRoutes);
  await app.register(freeStyleRoutes, { prefix: '/freeStyle' });
  await app.register(streamRoutes);
}
