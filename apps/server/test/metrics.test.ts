/**
 * Prometheus metrics with METRICS_PORT (README "Metrics"), on a real server with Janus: a member
 * joined over the `/room` socket shows in meet_members and meet_rooms, the process defaults are
 * there, requests are counted by their route pattern (never the URL with its ids), and the
 * public port does not serve /metrics. Without METRICS_PORT nothing listens.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/janus/janus-process.js';
import { keepServingOnUnhandled } from '../src/ops/unhandled.js';
import { build, listen, type TestApp } from './helper.js';
import { createMeeting, enter, info } from './room-members.js';

let t: TestApp;
let base: string;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  t = await build({ JANUS: 'on', METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' });
  base = await listen(t);
});
afterAll(() => t?.close());

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one series (with exactly these labels, if any). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('a member in a room shows as meet_members 1, with the process defaults and the HTTP counter by route', async () => {
  expect(valueOf(await scrape(), 'meet_members')).toBe(0);
  const meeting = await createMeeting(t);
  const { member } = await enter(t, base, { token: meeting.hostToken }, meeting.id, 'Host');
  // A route with the meeting's number in its URL.
  await info(t, meeting.id);
  await fetch(`${base}/livez?token=secret-value`);

  const text = await scrape();
  expect(valueOf(text, 'meet_members')).toBe(1);
  expect(valueOf(text, 'meet_rooms')).toBe(1);
  expect(valueOf(text, 'meet_socket_connections{namespace="/room"}')).toBe(1);
  expect(valueOf(text, 'meet_janus_up')).toBe(1);
  expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  expect(text).toMatch(/^process_resident_memory_bytes /m);
  expect(
    valueOf(
      text,
      'meet_http_requests_total{method="POST",route="/api/conference/joinConference",status="200"}',
    ),
  ).toBe(1);
  expect(valueOf(text, 'meet_http_requests_total{method="GET",route="/livez",status="200"}')).toBe(
    1,
  );
  expect(text).toMatch(
    /^meet_http_request_duration_seconds_count\{method="POST",route="\/api\/conference\/conferenceInfo"\} 1$/m,
  );
  // Never the raw URL: no meeting number, no query.
  expect(text).not.toContain(meeting.id);
  expect(text).not.toContain('secret-value');
  // Every product series is documented with its type.
  expect(text).toMatch(/^# TYPE meet_http_requests_total counter$/m);
  expect(text).toMatch(/^# TYPE meet_members gauge$/m);

  member.socket.disconnect();
  await expect.poll(async () => valueOf(await scrape(), 'meet_members')).toBe(0);
}, 60_000);

test('a background task that failed with nothing to handle it is counted', async () => {
  expect(valueOf(await scrape(), 'meet_unhandled_rejections_total')).toBe(0);
  // The process's own events are the test runner's: an emitter stands in for them here
  // (test/unhandled-rejection.test.ts has a real process).
  const events = new EventEmitter();
  keepServingOnUnhandled(events, t.app.log);
  events.emit('unhandledRejection', new Error('a lost write'));
  expect(valueOf(await scrape(), 'meet_unhandled_rejections_total')).toBe(1);
});

test('the public port does not serve /metrics', async () => {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(404);
  expect(await res.text()).not.toContain('process_cpu_seconds_total');
});

test('without METRICS_PORT nothing listens for metrics', async () => {
  const port = await freePort();
  const other = await build({});
  try {
    expect(other.config.metricsPort).toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  } finally {
    await other.close();
  }
});
