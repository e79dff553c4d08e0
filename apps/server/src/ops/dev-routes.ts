/**
 * Development-only routes beside /dev/mail, under the same rules: there only in an explicit
 * development mode, answering only requests from this machine and nothing through a proxy.
 * `GET /dev/sms?to=` lists one number's texts (MAIL_OUTBOX_HTTP=1, outbox SMS);
 * `POST /dev/clock` moves the server's clock forward (DEV_CLOCK=1) and runs what became due.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizePhone } from '@meet/shared';
import { AppError } from '../lib/app-error.js';
import { OffsetClock } from '../lib/clock.js';
import { isFromThisMachine } from '../lib/net.js';
import { OutboxSms } from '../sms/sms-sender.js';

/** A year: enough to pass any period end, small enough to keep dates readable. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

function onlyThisMachine(request: FastifyRequest): void {
  if (!isFromThisMachine(request)) throw AppError.notFound();
}

export default async function devRoutes(app: FastifyInstance) {
  const { sms, config, clock, billing, rooms } = app;

  if (sms instanceof OutboxSms && config.mailOutboxHttp) {
    app.get<{ Querystring: { to?: unknown } }>(
      '/dev/sms',
      { schema: { hide: true } },
      async (request) => {
        onlyThisMachine(request);
        const to = request.query.to;
        if (typeof to !== 'string' || to.trim() === '') {
          throw AppError.badRequest('fieldRequired', { field: 'to' });
        }
        return sms.list(normalizePhone(to) ?? to.trim());
      },
    );
  }

  if (clock instanceof OffsetClock && config.devClock) {
    const now = () => ({ now: clock.now(), offsetMs: clock.offsetMs });
    app.get('/dev/clock', { schema: { hide: true } }, async (request) => {
      onlyThisMachine(request);
      return now();
    });
    app.post<{ Body: { advanceMs?: unknown; reset?: unknown } | undefined }>(
      '/dev/clock',
      { schema: { hide: true } },
      async (request) => {
        onlyThisMachine(request);
        const { advanceMs, reset } = request.body ?? {};
        if (reset === true) {
          clock.reset();
        } else if (
          typeof advanceMs === 'number' &&
          Number.isInteger(advanceMs) &&
          advanceMs > 0 &&
          advanceMs <= MAX_ADVANCE_MS
        ) {
          clock.advance(advanceMs);
        } else {
          throw AppError.badRequest('fieldInvalid', { field: 'advanceMs' });
        }
        // Renewals and period ends that became due happen now, not at the next periodic check.
        await billing.tick();
        await rooms?.tickBreakouts();
        await app.magic.cam.tick();
        return now();
      },
    );
  }
}
