/**
 * Several nodes on one PostgreSQL and one Redis (README: "Many machines"), started here as the
 * README says. Two members who open the meeting on different nodes meet in the same room on the
 * meeting's media node, see and hear each other, chat, and see the host's commands; when the
 * media node holding a live meeting is killed, the members are back with media on another node
 * without doing anything.
 */
import { expect, request as requests, test, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';
import { createCluster, startBalancer, type TestCluster } from '../support/cluster';

const base = Number(process.env.E2E_PORT ?? 4310) + 20;
let cluster: TestCluster;

test.beforeAll(() => {
  cluster = createCluster();
});
test.afterAll(() => cluster?.close());

/** The ports of the sockets a page opened (socket.io multiplexes namespaces per origin). */
function socketPorts(page: Page): Set<number> {
  const ports = new Set<number>();
  page.on('websocket', (ws) => ports.add(Number(new URL(ws.url()).port)));
  return ports;
}

/** Which node holds the meeting, as the API says to anyone asking either node. */
async function mediaServerOf(url: string, conferenceId: string): Promise<string> {
  const api = await requests.newContext({ baseURL: url });
  const res = await (await api.post('/api/getServerConfig', { data: { conferenceId } })).json();
  await api.dispose();
  return res.payload.mediaServer as string;
}

test('members who open the meeting on different nodes meet on its media node: video, chat and host commands', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const one = await cluster.start(base);
  const two = await cluster.start(base + 1);
  const api = await requests.newContext({ baseURL: one.url });
  const hostAccount = await registeredUser(api, 'Hana');
  const conferenceId = await createMeeting(api, hostAccount.token, 'Across nodes');

  const host = await participant(browser, hostAccount.token, one.url);
  const guest = await participant(browser, undefined, two.url);
  const hostSockets = socketPorts(host.room.page);
  const guestSockets = socketPorts(guest.room.page);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Gus');

  // One media node for the meeting, whichever node is asked; both members' room sockets go there.
  const holder = await mediaServerOf(one.url, conferenceId);
  expect(await mediaServerOf(two.url, conferenceId)).toBe(holder);
  const holderPort = Number(new URL(holder).port);
  expect([one.port, two.port]).toContain(holderPort);
  expect([...hostSockets]).toContain(holderPort);
  expect([...guestSockets]).toContain(holderPort);

  const guestId = await guest.room.userId();
  await host.room.expectVideoPlaying(guestId);
  await guest.room.expectVideoPlaying(String(hostAccount.userId));

  await guest.room.openPanel('chat');
  await guest.room.sendChat('Hello from the other node');
  await host.room.openPanel('chat');
  await expect(
    host.room.page.getByTestId('chat-message').filter({ hasText: 'Hello from the other node' }),
  ).toBeVisible();

  // The host mutes the guest; the guest's microphone goes off.
  await expect(guest.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');
  await host.room.openPanel('members');
  await host.room.memberAction(guestId, 'member-mute');
  await expect(guest.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');

  for (const p of [host, guest]) await p.context.close();
  await api.dispose();
  await one.stop();
  await two.stop();
});

test('the media node holding a live meeting is killed: its members are back with media on another node within 5 s', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Members reach the API and the web app through an api node; two media nodes hold meetings.
  const front = await cluster.start(base + 2, { ROLE: 'api' });
  const media = [
    await cluster.start(base + 3, { ROLE: 'media' }),
    await cluster.start(base + 4, { ROLE: 'media' }),
  ];
  const api = await requests.newContext({ baseURL: front.url });
  const hostAccount = await registeredUser(api, 'Hana');
  const conferenceId = await createMeeting(api, hostAccount.token, 'Failover');
  const host = await participant(browser, hostAccount.token, front.url);
  const guest = await participant(browser, undefined, front.url);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Gus');
  const guestId = await guest.room.userId();
  await host.room.expectVideoPlaying(guestId);

  const holder = Number(new URL(await mediaServerOf(front.url, conferenceId)).port);
  const dead = media.find((n) => n.port === holder)!;
  const survivor = media.find((n) => n.port !== holder)!;
  const killedAt = Date.now();
  await dead.kill();
  for (const p of [host, guest]) {
    await expect(p.room.page.getByTestId('connection-state')).not.toHaveAttribute(
      'data-state',
      'connected',
    );
  }
  for (const p of [host, guest]) {
    await expect(p.room.page.getByTestId('connection-state')).toHaveAttribute(
      'data-state',
      'connected',
      { timeout: 15_000 },
    );
  }
  await guest.room.expectVideoPlaying(String(hostAccount.userId), 'camera', 15_000);
  await host.room.expectVideoPlaying(guestId, 'camera', 15_000);
  const backAfterMs = Date.now() - killedAt;
  console.log(`media back on the surviving node ${backAfterMs} ms after the kill`);
  expect(Number(new URL(await mediaServerOf(front.url, conferenceId)).port)).toBe(survivor.port);
  expect(backAfterMs).toBeLessThan(5000);

  for (const p of [host, guest]) await p.context.close();
  await api.dispose();
});

test('an api node is killed behind the load balancer: the meeting goes on and the host’s commands go through the other', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const apis = [
    await cluster.start(base + 6, { ROLE: 'api' }),
    await cluster.start(base + 7, { ROLE: 'api' }),
  ];
  await cluster.start(base + 8, { ROLE: 'media' });
  const balancer = await startBalancer(
    base + 5,
    apis.map((n) => n.port),
  );
  const api = await requests.newContext({ baseURL: balancer.url });
  const hostAccount = await registeredUser(api, 'Hana');
  const conferenceId = await createMeeting(api, hostAccount.token, 'Front door');
  const host = await participant(browser, hostAccount.token, balancer.url);
  const guest = await participant(browser, undefined, balancer.url);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Gus');
  const guestId = await guest.room.userId();
  await host.room.expectVideoPlaying(guestId);

  // Everything so far went through the first api node; it dies.
  await apis[0]!.kill();

  // The room's media never went through it: the members still see each other.
  await host.room.expectVideoPlaying(guestId);
  await guest.room.expectVideoPlaying(String(hostAccount.userId));
  await expect(guest.room.page.getByTestId('connection-state')).toHaveAttribute(
    'data-state',
    'connected',
  );
  // A host command now reaches the other api node, which tells the media node.
  await expect(guest.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');
  await host.room.openPanel('members');
  await host.room.memberAction(guestId, 'member-mute');
  await expect(guest.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  await guest.room.openPanel('chat');
  await guest.room.sendChat('Still here');

  for (const p of [host, guest]) await p.context.close();
  await api.dispose();
  await balancer.close();
});
