// A worker thread of the flood benchmark (../flood.mjs): an unrelated client that asks `url`
// every `everyMs` for as long as it runs (open loop: a new request on schedule whether or not the
// last came back, so a stalled server shows as many slow answers, not one; always on, so its
// connection stays warm between measurements). In its own thread so that nothing else the tool
// does delays its clock.
//
// workerData: { url, everyMs }. Messages: 'start' begins a measurement; 'stop' ends it and posts
// { latencies, failed } of the requests sent in between once they are back (one still out after
// 10 s counts as 10 s, and as failed).
import { parentPort, workerData } from 'node:worker_threads';

const { url, everyMs } = workerData;
const GIVE_UP_MS = 10_000;

/** The measurement under way: { latencies, failed, outstanding }, or null between them. */
let current = null;

function ask() {
  const measurement = current;
  const started = performance.now();
  let ok = false;
  const request = fetch(url, { signal: AbortSignal.timeout(GIVE_UP_MS) })
    .then(async (res) => {
      await res.arrayBuffer();
      ok = res.ok;
    })
    .catch(() => undefined)
    .finally(() => {
      if (!measurement) return;
      measurement.latencies.push(performance.now() - started);
      if (!ok) measurement.failed++;
      measurement.outstanding.delete(request);
    });
  measurement?.outstanding.add(request);
}

setInterval(ask, everyMs);

parentPort.on('message', async (msg) => {
  if (msg === 'start') {
    current = { latencies: [], failed: 0, outstanding: new Set() };
    ask();
  } else if (msg === 'stop') {
    const measurement = current;
    current = null;
    await Promise.allSettled([...measurement.outstanding]);
    parentPort.postMessage({ latencies: measurement.latencies, failed: measurement.failed });
  }
});
