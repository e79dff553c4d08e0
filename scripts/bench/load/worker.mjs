// A worker thread of the load tool: hosts some of the synthetic members (their sockets, werift
// connections and counters), so the tool's JavaScript runs on more than one core. The main thread
// calls it through `{ id, method, args }` messages and sends it every source RTP packet once.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { RtpPacket } from 'werift';
import { Member } from './member.mjs';

/** @type {Member[]} */
let members = [];
/** This thread's event-loop delay since markGaps(): how late its members saw their packets. */
let loopDelay;

async function pool(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

const methods = {
  create(specs) {
    members.push(...specs.map((spec) => new Member(spec)));
  },
  /** Joins and publishes the named members, a few at a time. */
  async join(names) {
    const errors = [];
    await pool(
      members.filter((m) => names.includes(m.name)),
      4,
      async (m) => {
        try {
          await m.join();
          await m.publish();
        } catch (error) {
          errors.push(String(error?.message ?? error));
        }
      },
    );
    return errors;
  },
  status() {
    return members.map((m) => ({
      name: m.name,
      active: m.activeStreams(),
      receiving: m.receiving(),
      wanted: m.plan().size,
      subscribed: m.subscribed.size,
      listed: m.streams.size,
      negotiations: m.negotiations,
      unsubscribes: m.unsubscribes,
      publisherState: m.publisherState,
      subscriberState: m.subscriberState,
      errors: m.errors.slice(0, 5),
      peersKnown: m.peers.size,
      missingFeeds: m.missingFeeds(),
      subscriberStates: m.subscriberStates,
    }));
  },
  snapshot() {
    return members.map((m) => ({
      name: m.name,
      decrypt: m.decrypt,
      activeVideo: m.activeStreams().video,
      counters: [...m.snapshot()],
    }));
  },
  /** The named member sends a chat message; its acknowledgement. */
  chat(name, content) {
    const m = members.find((x) => x.name === name);
    return m.request({ type: 'sendMessage', content });
  },
  /** How many messages the meeting's chat history holds, as the named member is told. */
  async history(name) {
    const ack = await members.find((x) => x.name === name).request({ type: 'chatHistory' });
    return ack.ok ? ack.data.messages.length : null;
  },
  /** Per member: the chat messages received, whether its sockets and connections are up. */
  health() {
    return members.map((m) => ({
      name: m.name,
      chatSeen: m.chatSeen.size,
      socket: Boolean(m.socket?.connected),
      publisherState: m.publisherState,
      subscriberState: m.subscriberState,
      errors: m.errors.slice(0, 5),
    }));
  },
  /** Per member: its camera's feed id and its peer id in the room. */
  feeds() {
    return members.map((m) => ({ name: m.name, feedId: m.feedId, peerId: m.me?.peerId }));
  },
  /** Starts a window for the longest gap in each member's received audio. */
  markGaps() {
    for (const m of members) m.audioGaps.mark();
    loopDelay?.disable();
    loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
  },
  /**
   * Per member: the longest audio gap since markGaps() (and the longest this thread's event loop
   * was blocked meanwhile: a gap that long may be the tool's own), whether its connections are up.
   */
  gaps() {
    const loopMaxMs = loopDelay ? loopDelay.max / 1e6 : null;
    return members.map((m) => ({
      name: m.name,
      ...m.audioGaps.read(),
      loopMaxMs,
      socket: Boolean(m.socket?.connected),
      publisherState: m.publisherState,
      subscriberState: m.subscriberState,
      errors: m.errors.slice(0, 5),
    }));
  },
  async close() {
    const closing = members;
    members = [];
    await Promise.allSettled(closing.map((m) => m.close()));
  },
};

parentPort.on('message', async (msg) => {
  if (msg.media) {
    if (!members.length) return;
    const packet = RtpPacket.deSerialize(
      Buffer.from(msg.buf.buffer, msg.buf.byteOffset, msg.buf.length),
    );
    if (msg.media === 'video') for (const m of members) m.sendVideo(packet);
    else for (const m of members) m.sendAudio(packet);
    return;
  }
  try {
    parentPort.postMessage({ id: msg.id, result: await methods[msg.method](...(msg.args ?? [])) });
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: String(error?.stack ?? error) });
  }
});
