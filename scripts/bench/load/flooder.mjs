// A worker thread of the flood benchmark (../flood.mjs): one member who floods the server. In its
// own thread so that sending thousands of requests and reading their answers does not delay the
// tool's other clocks (the latency probe, the victims' packet arrival times).
//
// workerData: { base, mode: 'room' | 'message', auth, joinFirst, request, count, windowMs,
//   conferenceUri }. It connects (and, on /room, sends `join` first when joinFirst) and posts
//   { ready } or { error }; on 'go' it sends `count` copies of the request at once without
//   waiting (on /message: `count` pings and as many join_waiting_room) and posts { result } once
//   every answer is in, the server cut it off, or windowMs passed; on 'close' it disconnects and
//   posts { closed }.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { base, mode, auth, joinFirst, request, count, windowMs, conferenceUri } = workerData;

const socket = io(`${base}/${mode}`, {
  path: '/socket.io',
  transports: ['websocket'],
  auth,
  reconnection: false,
  forceNew: true,
});

let cutOff = false;
let fatal;
const fatalSeen = new Promise((resolve) =>
  socket.once('fatal', (f) => {
    fatal = f;
    resolve();
  }),
);
const disconnected = new Promise((resolve) =>
  socket.once('disconnect', (reason) => {
    cutOff = reason;
    resolve();
  }),
);

/** The /room flood: answers by outcome until all are in, the hang-up, or the deadline. */
function floodRoom(started) {
  const result = { sent: count, ok: 0, refusedOther: 0, rateLimited: 0, errors: {} };
  let answered = 0;
  return new Promise((resolve) => {
    const finish = () => resolve(result);
    const timer = setTimeout(finish, windowMs);
    // Answers already on their way arrive before the hang-up.
    void disconnected.then(() => {
      clearTimeout(timer);
      setTimeout(finish, 50);
    });
    for (let i = 0; i < count; i++) {
      socket.emit('request', request, (ack) => {
        if (ack?.ok) result.ok++;
        else if (ack?.key === 'rateLimited') result.rateLimited++;
        else {
          result.refusedOther++;
          const why = String(ack?.key ?? ack?.error ?? 'no answer').slice(0, 80);
          result.errors[why] = (result.errors[why] ?? 0) + 1;
        }
        if (++answered === count) {
          clearTimeout(timer);
          result.lastAnswerMs = performance.now() - started;
          finish();
        }
      });
    }
  });
}

/** Without a reply for this long after the last one, the /message flood is taken as answered. */
const QUIET_MS = 3000;

/**
 * The /message flood: pings and waiting-room requests interleaved. Nothing is acknowledged on
 * this namespace; replies (pong, a waiting-room state) are counted, and the flood is over when
 * every message was answered, the server hung up, nothing more came for QUIET_MS after a reply
 * (a join_waiting_room of someone waiting gets none), or the deadline. Until the first reply the
 * server may just be busy: there is no quiet before it.
 */
function floodMessage(started) {
  const result = { sent: count * 2, replies: {}, answered: 0 };
  return new Promise((resolve) => {
    let quiet;
    const finish = () => {
      clearTimeout(quiet);
      resolve(result);
    };
    const timer = setTimeout(finish, windowMs);
    const rearm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        clearTimeout(timer);
        finish();
      }, QUIET_MS);
    };
    socket.on('message', (m) => {
      const type = m?.messageJson?.msgType ?? 'unknown';
      result.replies[type] = (result.replies[type] ?? 0) + 1;
      result.answered++;
      result.lastAnswerMs = performance.now() - started;
      if (result.answered === result.sent) {
        clearTimeout(timer);
        finish();
      } else rearm();
    });
    void disconnected.then(() => {
      clearTimeout(timer);
      setTimeout(finish, 50);
    });
    const ping = { msgId: 'p', messageJson: { msgType: 'ping' } };
    const wait = { msgId: 'w', messageJson: { msgType: 'join_waiting_room', conferenceUri } };
    for (let i = 0; i < count; i++) {
      socket.emit('message', ping);
      socket.emit('message', wait);
    }
  });
}

parentPort.on('message', async (msg) => {
  if (msg === 'go') {
    const started = performance.now();
    const result = await (mode === 'room' ? floodRoom(started) : floodMessage(started));
    // A fatal is sent just before the hang-up; give it its moment.
    if (cutOff) await Promise.race([fatalSeen, new Promise((r) => setTimeout(r, 100))]);
    parentPort.postMessage({
      result: {
        ...result,
        cutOff: Boolean(cutOff),
        disconnectReason: cutOff || undefined,
        fatal,
        windowMs: performance.now() - started,
      },
    });
  } else if (msg === 'close') {
    socket.disconnect();
    parentPort.postMessage({ closed: true });
  }
});

try {
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  let joined;
  if (mode === 'room' && joinFirst) {
    joined = await new Promise((resolve) =>
      socket
        .timeout(15_000)
        .emit(
          'request',
          { type: 'join', displayName: 'Flooder', audioEnabled: false, videoEnabled: false },
          (err, ack) => resolve(err ? { ok: false, error: 'timeout (join)' } : ack),
        ),
    );
    if (!joined.ok) throw new Error(`join before the flood: ${joined.key ?? joined.error}`);
  }
  parentPort.postMessage({ ready: true, peerId: joined?.data?.me?.peerId });
} catch (error) {
  parentPort.postMessage({
    error: `${mode} connect: ${error?.message ?? error}${error?.data ? ` ${JSON.stringify(error.data)}` : ''}`,
  });
}
