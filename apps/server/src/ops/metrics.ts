/**
 * Prometheus metrics (README "Metrics"): the process's defaults and the product's own `meet_*`
 * series. Counts of what happens come from the HTTP hook (composition/ops.ts) and the modules'
 * ops events (ops-events.ts); what is true now (rooms, members, sockets, Janus, the job queue,
 * the caption decoders) is read from the live objects when Prometheus scrapes.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { subscribeOps } from './ops-events.js';

/** The socket namespaces counted by meet_socket_connections. */
const NAMESPACES = ['/room', '/message', '/magic'] as const;

/** Composing takes from seconds (a short meeting) to about its own length. */
const COMPOSE_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600];

export class Metrics {
  readonly registry = new Registry();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route'>;

  constructor(services: FastifyInstance) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.httpRequests = new Counter({
      name: 'meet_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'meet_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });

    const { rooms } = services;
    new Gauge({
      name: 'meet_rooms',
      help: 'Meetings with a live room on this node',
      registers,
      collect() {
        this.set(rooms?.roomCount ?? 0);
      },
    });
    new Gauge({
      name: 'meet_members',
      help: 'Members connected to the live rooms of this node (joined, in any breakout room)',
      registers,
      collect() {
        this.set(rooms?.memberCount ?? 0);
      },
    });
    new Gauge({
      name: 'meet_socket_connections',
      help: 'Open socket.io connections on this node, by namespace',
      labelNames: ['namespace'],
      registers,
      collect() {
        for (const namespace of NAMESPACES) {
          // Read, never created: io.of() would open a namespace this node does not serve.
          const open = services.sockets?._nsps.get(namespace)?.sockets.size ?? 0;
          this.set({ namespace }, open);
        }
      },
    });

    const { janus } = services;
    if (janus) {
      new Gauge({
        name: 'meet_janus_up',
        help: '1 while this node’s media server (Janus) answers, 0 while it is down or restarting',
        registers,
        collect() {
          this.set(janus.up ? 1 : 0);
        },
      });
      new Counter({
        name: 'meet_janus_restarts_total',
        help: 'Times the media server was restarted after it stopped',
        registers,
        collect() {
          this.reset();
          this.inc(janus.restarts);
        },
      });
    }

    const { jobs } = services;
    const queued = new Gauge({
      name: 'meet_jobs_queued',
      help: 'Background jobs waiting (including retries not yet due), by queue',
      labelNames: ['queue'],
      registers,
    });
    new Gauge({
      name: 'meet_jobs_active',
      help: 'Background jobs being worked, by queue',
      labelNames: ['queue'],
      registers,
      async collect() {
        const depth = await jobs.depth().catch(() => []);
        this.reset();
        queued.reset();
        for (const d of depth) {
          this.set({ queue: d.queue }, d.active);
          queued.set({ queue: d.queue }, d.queued);
        }
      },
    });
    const jobFailures = new Counter({
      name: 'meet_job_failures_total',
      help: 'Tries of background jobs that failed (each is retried until its limit), by queue',
      labelNames: ['queue'],
      registers,
    });
    this.unsubscribe.push(subscribeOps('jobFailed', (e) => jobFailures.inc({ queue: e.queue })));

    const compose = new Histogram({
      name: 'meet_recording_compose_seconds',
      help: 'Time to compose a cloud recording into its video, by outcome',
      labelNames: ['outcome'],
      buckets: COMPOSE_BUCKETS,
      registers,
    });
    this.unsubscribe.push(
      subscribeOps('recordingComposed', (e) => compose.observe({ outcome: e.outcome }, e.seconds)),
    );

    const asr = services.engines.asr;
    const decoders = new Gauge({
      name: 'meet_caption_decoders',
      help: 'Speech recognition decoder processes running (engines with a pool)',
      registers,
    });
    new Gauge({
      name: 'meet_caption_decoders_in_use',
      help: 'Speech recognition decoders decoding an utterance now',
      registers,
      collect() {
        const pool = asr?.pool?.() ?? { size: 0, inUse: 0 };
        decoders.set(pool.size);
        this.set(pool.inUse);
      },
    });
    const dropped = new Counter({
      name: 'meet_caption_utterances_dropped_total',
      help: 'Spoken utterances that got no caption: recognition failed, or a new one cut it off',
      labelNames: ['reason'],
      registers,
    });
    this.unsubscribe.push(
      subscribeOps('utteranceDropped', (e) => dropped.inc({ reason: e.reason })),
    );

    const credits = new Counter({
      name: 'meet_ai_credits_charged_total',
      help: 'AI credits taken from users’ balances, by what they paid for',
      labelNames: ['reason'],
      registers,
    });
    this.unsubscribe.push(
      subscribeOps('creditsCharged', (e) => credits.inc({ reason: e.reason }, e.credits)),
    );

    const unhandled = new Counter({
      name: 'meet_unhandled_rejections_total',
      help: 'Background tasks that failed with nothing to handle it (logged; the node goes on)',
      registers,
    });
    this.unsubscribe.push(subscribeOps('unhandledRejection', () => unhandled.inc()));
  }

  /** One answered request; `route` is the route's pattern (`/api/record/:id`), never the URL. */
  observeRequest(method: string, route: string, status: number, ms: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
    this.httpDuration.observe({ method, route }, ms / 1000);
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.registry.clear();
  }
}
