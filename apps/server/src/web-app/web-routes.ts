/**
 * Serves the built web app: hashed assets with long caching (pre-compressed .gz when present),
 * and index.html for every other GET so client-side routes work on reload.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ResultCode, formatMessage } from '@meet/shared';
import { requestLanguage } from '../lib/language.js';

/** apps/web/dist, found by walking up from this file (source and bundle sit at different depths). */
export function findWebDist(explicit?: string): string | undefined {
  if (explicit) return existsSync(path.join(explicit, 'index.html')) ? explicit : undefined;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

// `/metrics` too: it lives on METRICS_PORT only, and here is a plain 404, not the web app.
const API_PREFIXES = [
  '/api/',
  '/dev/',
  '/files/',
  '/healthz',
  '/livez',
  '/readyz',
  '/metrics',
  '/socket.io/',
];

export default async function webRoutes(app: FastifyInstance) {
  const root = findWebDist(app.config.webDist);
  let indexHtml: string | undefined;
  if (root) {
    indexHtml = await readFile(path.join(root, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('web app is not built (apps/web/dist missing); serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => url.startsWith(p));
    if (request.method === 'GET' && !isApi && indexHtml && !path.extname(url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({
      code: ResultCode.failure,
      msg: formatMessage('notFound', requestLanguage(request)),
      payload: null,
    });
  });
}
