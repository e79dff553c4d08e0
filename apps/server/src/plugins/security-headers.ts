/**
 * Security headers on every reply — the web app's HTML, the API and stored files: a Content
 * Security Policy that allows only our own origin (and no framing), nosniff, no referrer, and the
 * browser features a meeting needs limited to our own pages.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly (in-browser media effects) compiles, but no eval and no inline script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // React sets style attributes (tile sizes, progress bars).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Same-origin API and socket.io (CSP3 'self' covers ws/wss to this host).
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Uploaded images and recordings are fetched by our own pages only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header(
      'permissions-policy',
      'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()',
    );
  });
}
