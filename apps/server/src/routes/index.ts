/**
 * Every route, under its prefix. A worker node only works jobs: it answers /healthz, /livez and
 * /readyz and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.js';
import sandboxRoutes from '../payments/sandbox/sandbox-routes.js';
import adminRoutes from './admin.js';
import benefitRoutes from './api/benefit.js';
import { calendarFileRoutes, calendarUserRoutes } from './api/calendar.js';
import captionsRoutes from '../captions/captions-routes.js';
import clientLogRoutes from './api/client-log.js';
import conferenceRoutes from './api/conference/index.js';
import frequencyRoutes from './api/frequency.js';
import magicRoutes from './api/magic/index.js';
import messageRoutes from './api/message/index.js';
import paymentRoutes from './api/payment/index.js';
import asrRoutes from '../recordings/routes/asr-routes.js';
import recordRoutes from '../recordings/routes/record-routes.js';
import summaryRoutes from '../recordings/routes/summary-routes.js';
import toolRoutes from './api/tool.js';
import googleRoutes from './api/user/google.js';
import userRoutes from './api/user/index.js';
import phoneRoutes from './api/user/phone.js';
import reportRoutes from './api/user/report.js';
import scanRoutes from './api/user/scan.js';
import virtualBackgroundRoutes from './api/virtual/background.js';
import voteRoutes from './api/vote/index.js';
import devRoutes from './dev.js';
import recordingFileRoutes from '../recordings/routes/recording-files.js';
import probeRoutes from './probes.js';
import systemRoutes from './system.js';
import webRoutes from './web.js';

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
