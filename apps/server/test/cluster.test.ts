/**
 * Two nodes on one PostgreSQL database and one Redis, each with its own Janus, as two machines
 * would run them: a meeting is placed on one node whichever node its members come through, their
 * room sockets meet there, and what one node is told (a host command, a rename, a notice) reaches
 * members connected to the other. Always on PostgreSQL: a cluster needs a shared database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clusterNodes, conferenceMembers } from '../src/db/schema/index.js';
import { build, createPostgresDatabase, listen, type TestApp } from './helper.js';
import {
  accepted,
  connect,
  createMeeting,
  joinApi,
  registered,
  type Member,
} from './room-members.js';
import { inboxes } from './message-inbox.js';
import { freePort } from '../src/janus/janus-process.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let db: { url: string; drop: () => Promise<void> };
const ADMIN_TOKEN = 'cluster-operator-token-0123456789';
let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
const open: Member[] = [];

beforeAll(async () => {
  db = await createPostgresDatabase();
  // Code calls naming one email address: 6 a minute; wrong passwords from one address for one
  // email: 4; both counted across the nodes.
  const env = {
    JANUS: 'on',
    DATABASE_URL: db.url,
    REDIS_URL,
    AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: '6',
    SIGN_IN_FAILURES_PER_IP_EMAIL: '4',
    // /healthz's details (the cluster's) are the operator's.
    ADMIN_TOKEN,
    // The same signing key on every node (README, "Many machines"): a room pass signed by one
    // node is good at the other.
    RECORDING_LINK_SECRET: 'cluster-test-signing-key-of-both-nodes',
  };
  a = await build(env);
  b = await build(env);
  baseA = await listen(a);
  baseB = await listen(b);
  // A node joins once it listens (its first heartbeat follows at once).
  for (let i = 0; i < 50 && (await nodeOf(a).liveNodes()).length < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterEach(() => {
  for (const m of open.splice(0)) m.socket.disconnect();
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

/**
 * The node's base URL for the sockets. Replies name nodes at the host a request came to (these
 * tests' injected requests come to `localhost`, the sockets to 127.0.0.1): the port tells them.
 */
const local = (url: string) => `http://127.0.0.1:${new URL(url).port}`;
const baseOf = (url: string) => (local(url) === baseA ? a : b);
const nodeOf = (app: TestApp) => app.app.cluster!.nodes;

/** Joins through `via`'s API; returns the join reply's payload. */
async function join(via: TestApp, token: string, conferenceId: string, deviceId = 'dev') {
  const res = await joinApi(via, token, conferenceId, deviceId);
  expect(res.json().code).toBe(0);
  return res.json().payload as { mediaServer: string; mediaNode: string; roomPass: string };
}

async function enterRoom(base: string, token: string, conferenceId: string, name: string) {
  const member = await connect(base, token, conferenceId);
  open.push(member);
  const ack = await member.request({
    type: 'join',
    displayName: name,
    audioEnabled: true,
    videoEnabled: true,
  });
  expect(ack.ok).toBe(true);
  return member;
}

/** A meeting with its host in, through node A, and Alice joined through node B. */
async function meetingAcrossNodes() {
  const meeting = await createMeeting(a);
  const alice = await registered(b);
  const hostJoin = await join(a, meeting.hostToken, meeting.id);
  const aliceJoin = await join(b, alice.token, meeting.id);
  const holder = local(hostJoin.mediaServer);
  const host = await enterRoom(holder, meeting.hostToken, meeting.id, 'Host');
  const member = await enterRoom(holder, alice.token, meeting.id, 'Alice');
  return { meeting, alice, hostJoin, aliceJoin, holder, host, member };
}

test('two nodes on one database and Redis form a cluster', async () => {
  const live = await nodeOf(a).liveNodes();
  expect(live.map((n) => n.id).sort()).toEqual([nodeOf(a).nodeId, nodeOf(b).nodeId].sort());
  expect(live.map((n) => `http://127.0.0.1:${n.port}`).sort()).toEqual([baseA, baseB].sort());
  const health = (
    await b.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
  ).json();
  expect(health.cluster).toEqual({ node: nodeOf(b).nodeId, role: 'all', liveNodes: 2 });
});

describe('placement', () => {
  test("a room pass signed by either node lets its member in at the meeting's node without placing it again, and elsewhere sends them there", async () => {
    const meeting = await createMeeting(a);
    const alice = await registered(b);
    const hostJoin = await join(a, meeting.hostToken, meeting.id);
    const aliceJoin = await join(b, alice.token, meeting.id);
    const holder = baseOf(hostJoin.mediaServer);
    const placing = vi.spyOn(nodeOf(holder), 'place');
    try {
      open.push(
        await connect(
          local(hostJoin.mediaServer),
          alice.token,
          meeting.id,
          'dev',
          aliceJoin.roomPass,
        ),
      );
      expect(placing).not.toHaveBeenCalled();
    } finally {
      placing.mockRestore();
    }
    // The pass names the meeting's node: at the other one, placement sends them there.
    const elsewhere = local(hostJoin.mediaServer) === baseA ? baseB : baseA;
    await expect(
      connect(elsewhere, alice.token, meeting.id, 'dev', aliceJoin.roomPass),
    ).rejects.toThrow(/another media node/);
  });

  test('a meeting is placed on one node, and the join reply names it whichever node is asked', async () => {
    const { hostJoin, aliceJoin, meeting } = await meetingAcrossNodes();
    expect(hostJoin.mediaNode).not.toBe('local');
    expect(aliceJoin).toMatchObject({
      mediaNode: hostJoin.mediaNode,
      mediaServer: hostJoin.mediaServer,
    });
    expect([baseA, baseB]).toContain(local(hostJoin.mediaServer));
    for (const via of [a, b]) {
      const config = (await via.post('/api/getServerConfig', { conferenceId: meeting.id })).json();
      expect(config.payload.mediaServer).toBe(hostJoin.mediaServer);
    }
    // Only the holding node has the room.
    const holder = baseOf(hostJoin.mediaServer);
    const other = holder === a ? b : a;
    expect(holder.app.rooms!.room(meeting.id)).toBeDefined();
    expect(other.app.rooms!.room(meeting.id)).toBeUndefined();
  });

  test('new meetings go to the node holding fewer live meetings', async () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4; i++) {
      const meeting = await createMeeting(i % 2 ? a : b);
      const { mediaNode } = await join(a, meeting.hostToken, meeting.id);
      counts.set(mediaNode, (counts.get(mediaNode) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([nodeOf(a).nodeId, nodeOf(b).nodeId].sort());
  });

  test('the room socket on the wrong node is refused with the address of the right one', async () => {
    const meeting = await createMeeting(a);
    const mediaServer = local((await join(b, meeting.hostToken, meeting.id)).mediaServer);
    const wrong = mediaServer === baseA ? baseB : baseA;
    await expect(connect(wrong, meeting.hostToken, meeting.id)).rejects.toMatchObject({
      data: { mediaServer },
    });
    const right = await connect(mediaServer, meeting.hostToken, meeting.id);
    open.push(right);
    expect(right.socket.connected).toBe(true);
  });
});

describe('members on different nodes', () => {
  test('see each other in the room and chat', async () => {
    const { host, member, alice } = await meetingAcrossNodes();
    await host.waitFor('newPeer', (n) => n.peer.userId === alice.userId);
    const ack = await member.request({ type: 'sendMessage', content: 'hello from node B' });
    expect(ack.ok).toBe(true);
    await host.waitFor('messageReceived', (n) => n.message.content === 'hello from node B');
  });

  test('a host command sent to the node without the room is applied in the room', async () => {
    const { holder, member, meeting } = await meetingAcrossNodes();
    const other = baseOf(holder) === a ? b : a;
    await accepted(other, meeting.hostToken, meeting.uri, {
      ext_type: 'conf_mute',
      ext_value: '1',
      scope: 'all',
    });
    await member.waitFor('roomUpdated', (n) => n.actions.includes('muteAudio'));
    await member.waitFor('roomUpdated', (n) => n.properties?.confMute === 1);
  });

  test('a rename through the other node shows in the room', async () => {
    const { holder, host, alice, meeting } = await meetingAcrossNodes();
    const other = baseOf(holder) === a ? b : a;
    const res = await other.post(
      '/api/conference/updateUserConferenceNickname',
      { conferenceId: meeting.id, userConferenceName: 'Alice B.' },
      alice.token,
    );
    expect(res.json().code).toBe(0);
    await host.waitFor(
      'peerUpdated',
      (n) => n.peer.userId === alice.userId && n.peer.displayName === 'Alice B.',
    );
  });

  test('a notice sent by one node reaches the user’s message socket on the other', async () => {
    const alice = await registered(a);
    const inbox = await inboxes(() => baseB).open(alice);
    const notice = {
      msgType: 'delete_vote',
      voteId: 3,
      conferenceUri: 'u',
      conferenceId: '1',
    } as const;
    a.app.messages.sendToUsers([alice.userId], notice);
    expect(await inbox.next('delete_vote')).toEqual(notice);
    // A newer connection of the same device on node A replaces the one on node B.
    const closed = new Promise((resolve) => inbox.socket.once('disconnect', resolve));
    const newer = await inboxes(() => baseA).open(alice);
    await inbox.next('new_connection_replace');
    await closed;
    expect(newer.socket.connected).toBe(true);
    newer.socket.disconnect();
  });
});

test('rate limits count a client’s calls on every node together', async () => {
  let n = 0;
  // One address's code guessed from ever new addresses, through both nodes.
  const attempt = (node: TestApp) =>
    node.post(
      '/api/user/verifyEmailCode',
      { email: 'nobody@example.com', code: '123456', type: 'register' },
      undefined,
      { remoteAddress: `203.0.113.${++n}` },
    );
  for (let i = 0; i < 6; i++) {
    const res = await attempt(i % 2 ? b : a);
    expect(res.statusCode).not.toBe(429);
  }
  for (const node of [a, b]) expect((await attempt(node)).statusCode).toBe(429);
});

test('wrong passwords from one address count on every node together', async () => {
  // One account's password guessed from one address, through both nodes.
  const attempt = (node: TestApp) =>
    node.post(
      '/api/user/emailLogin',
      { email: 'guessed@example.com', password: 'wrong-password1' },
      undefined,
      { remoteAddress: '203.0.113.200' },
    );
  for (let i = 0; i < 4; i++) expect((await attempt(i % 2 ? b : a)).statusCode).toBe(400);
  for (const node of [a, b]) expect((await attempt(node)).statusCode).toBe(429);
});

describe('a node that goes away', () => {
  test('a node that stops beating is found dead; its meetings are placed again and their members get time to come back', async () => {
    const meeting = await createMeeting(a);
    await join(a, meeting.hostToken, meeting.id);
    const row = (await a.app.conferences.byNumber(meeting.id))!;
    const database = a.database.db;
    // A node that died a while ago still holds the meeting, and its member seemed connected.
    await database.execute(sql`insert into cluster_nodes (id, role, port, started_at, seen_at)
      values ('dead-node', 'all', 1, now() - interval '1 minute', now() - interval '30 seconds')`);
    await database.execute(sql`insert into meeting_placements (conference_id, node_id, placed_at)
      values (${row.id}, 'dead-node', now()) on conflict (conference_id) do update set node_id = 'dead-node'`);
    await database.execute(
      sql`update conference_members set room_connected = true, seat_deadline = null where conference_id = ${row.id}`,
    );
    await expect
      .poll(
        async () =>
          (await database.select().from(clusterNodes).where(eq(clusterNodes.id, 'dead-node')))
            .length,
        { timeout: 4000 },
      )
      .toBe(0);
    const members = await database
      .select()
      .from(conferenceMembers)
      .where(eq(conferenceMembers.conferenceId, row.id));
    expect(members).toEqual([expect.objectContaining({ roomConnected: false })]);
    expect(members[0]!.seatDeadline).not.toBeNull();
    // The next member to ask gets a live node.
    const config = (await b.post('/api/getServerConfig', { conferenceId: meeting.id })).json();
    expect([baseA, baseB]).toContain(local(config.payload.mediaServer));
  });

  test('a member asking where the meeting is finds a node whose port refuses connections dead at once, without waiting for its heartbeat', async () => {
    const meeting = await createMeeting(a);
    await join(a, meeting.hostToken, meeting.id);
    const row = (await a.app.conferences.byNumber(meeting.id))!;
    const database = a.database.db;
    // A node that beat a moment ago, on a port where nothing listens any more (it was killed).
    const closed = await freePort();
    await database.execute(sql`insert into cluster_nodes (id, role, port, started_at, seen_at)
      values ('killed-node', 'media', ${closed}, now(), now())`);
    await database.execute(sql`insert into meeting_placements (conference_id, node_id, placed_at)
      values (${row.id}, 'killed-node', now()) on conflict (conference_id) do update set node_id = 'killed-node'`);
    expect((await a.app.cluster!.nodes.placement(row.id))?.id).toBe('killed-node');

    const config = (await b.post('/api/getServerConfig', { conferenceId: meeting.id })).json();
    expect([baseA, baseB]).toContain(local(config.payload.mediaServer));
    expect(
      await database.select().from(clusterNodes).where(eq(clusterNodes.id, 'killed-node')),
    ).toEqual([]);
  });

  test('when the holding node leaves, its members reconnect to the other node and meet again', async () => {
    const { holder, meeting, alice } = await meetingAcrossNodes();
    const leaving = baseOf(holder);
    const staying = leaving === a ? b : a;
    const stayingBase = staying === a ? baseA : baseB;
    await leaving.app.close();
    const config = (
      await staying.post('/api/getServerConfig', { conferenceId: meeting.id })
    ).json();
    expect(local(config.payload.mediaServer)).toBe(stayingBase);
    const host = await enterRoom(stayingBase, meeting.hostToken, meeting.id, 'Host');
    await enterRoom(stayingBase, alice.token, meeting.id, 'Alice');
    await host.waitFor('newPeer', (n) => n.peer.userId === alice.userId);
    // The closed node's test app is restarted so afterAll can close it again.
    await leaving.restart();
    await listen(leaving);
  });
});
