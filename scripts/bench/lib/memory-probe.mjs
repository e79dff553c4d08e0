// Preloaded into the server by idle-memory.mjs (`node --import <this> server.js`), so the
// server itself needs no endpoint or setting for it: on SIGUSR2 it writes one line
// `MEMORY-PROBE {json}` to stderr with process.memoryUsage() and V8's heap spaces, after a full
// garbage collection when the process runs with --expose-gc. MEMORY_PROBE_SNAPSHOT=<folder>
// also writes a heap snapshot there (open it in Chrome's DevTools, Memory tab).
import path from 'node:path';
import v8 from 'node:v8';

process.on('SIGUSR2', () => {
  const before = process.memoryUsage();
  if (typeof globalThis.gc === 'function') globalThis.gc();
  const after = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .map((s) => [s.space_name, { used: s.space_used_size, committed: s.physical_space_size }]),
  );
  let snapshot;
  const dir = process.env.MEMORY_PROBE_SNAPSHOT;
  if (dir) snapshot = v8.writeHeapSnapshot(path.join(dir, `server-${process.pid}.heapsnapshot`));
  process.stderr.write(`MEMORY-PROBE ${JSON.stringify({ before, after, spaces, snapshot })}\n`);
});
