/**
 * Every route, under its prefix. A worker node only works jobs: it answers /healthz, /livez and
 * /readyz and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import sandboxRoutes from '../payments/sandbox/sandbox-routes.js';
import adminRoutes from '../ops/admin-routes.js';
import benefitRoutes from '../payments/routes/benefit-routes.js';
import { calendarFileRoutes, calendarUserRoutes } from '../calendars/calendar-routes.js';
import captionsRoutes from '../captions/captions-routes.js';
import clientLogRoutes from '../ops/client-log-routes.js';
import conferenceRoutes from '../conferences/routes/conference-routes.js';
import frequencyRoutes from '../payments/routes/frequency-routes.js';
import magicRoutes from '../magic/routes/magic-routes.js';
import messageRoutes from '../messages/message-routes.js';
import paymentRoutes from '../payments/routes/payment-routes.js';
import asrRoutes from '../recordings/routes/asr-routes.js';
import recordRoutes from '../recordings/routes/record-routes.js';
import summaryRoutes from '../recordings/routes/summary-routes.js';
import toolRoutes from '../config/tool-routes.js';
import googleRoutes from '../accounts/routes/google-routes.js';
import userRoutes from '../accounts/routes/user-routes.js';
import phoneRoutes from '../accounts/routes/phone-routes.js';
import reportRoutes from '../accounts/routes/report-routes.js';
import scanRoutes from '../accounts/routes/scan-routes.js';
import virtualBackgroundRoutes from '../accounts/routes/background-routes.js';
import voteRoutes from '../polls/vote-routes.js';
import devRoutes from '../ops/dev-routes.js';
import recordingFileRoutes from '../recordings/routes/recording-files.js';
import probeRoutes from '../ops/probe-routes.js';
import systemRoutes from '../ops/system-routes.js';
import webRoutes from '../web-app/web-routes.js';

async function routes(app: FastifyInstance, options: { role: Config['role'] }): Promise<void> {
  await app.register(systemRoutes);
  await app.register(probeRoutes);
  if (options.role === 'worker') return;
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(conferenceRoutes, { prefix: '/api/conference' });
  await app.register(voteRoutes, { prefix: '/api/vote' });
  await app.register(toolRoutes, { prefix: '/api' });
  await app.register(captionsRoutes, { prefix: '/api' });
  await app.register(calendarUserRoutes, { prefix: '/api/user' });
  await app.register(calendarFileRoutes);
  await app.register(phoneRoutes, { prefix: '/api' });
  await app.register(googleRoutes, { prefix: '/api/user' });
  await app.register(scanRoutes, { prefix: '/api/user' });
  await app.register(benefitRoutes, { prefix: '/api/benefit' });
  await app.register(paymentRoutes, { prefix: '/api/payment/stripe' });
  await app.register(frequencyRoutes, { prefix: '/api/frequency' });
  await app.register(sandboxRoutes);
  await app.register(recordRoutes, { prefix: '/api/record' });
  await app.register(summaryRoutes, { prefix: '/api/sm' });
  await app.register(asrRoutes, { prefix: '/api/asr' });
  await app.register(messageRoutes, { prefix: '/api/message' });
  await app.register(recordingFileRoutes);
  await app.register(reportRoutes, { prefix: '/api/user' });
  await app.register(clientLogRoutes, { prefix: '/api/client-log' });
  await app.register(virtualBackgroundRoutes, { prefix: '/api/virtual/background' });
  await app.register(magicRoutes, { prefix: '/api/magic' });
  await app.register(adminRoutes, { prefix: '/admin' });
  await app.register(devRoutes);
  await app.register(webRoutes);
}

// Not encapsulated: the routes share the app's hooks and handlers, as if registered on it.
export default fp(routes, {
  name: 'routes',
  dependencies: ['accounts', 'billing', 'conferences', 'captions', 'records', 'magic', 'recording'],
});
