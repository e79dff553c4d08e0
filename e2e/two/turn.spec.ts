/**
 * TURN: two members whose browsers may use relayed candidates only (the room client's
 * `iceTransportPolicy` test hook) see and hear each other, and a screen share, through the
 * run's coturn — with the time-limited credentials the server put in their join answers.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createMeeting, participant, recordPeerConnections, registeredUser } from '../support/room';
import { startTurnServer, turnSettings, turnUrl, type TurnServer } from '../support/turn';

const settings = turnSettings(Number(process.env.E2E_PORT ?? 4310));
let turn: TurnServer | undefined;

test.beforeAll(async () => {
  turn = await startTurnServer(settings);
});
test.afterAll(() => turn?.stop());

/** Relay only, and every peer connection the page makes kept where a test can read its stats. */
async function relayOnly(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('iceTransportPolicy', 'relay');
    } catch {
      // about:blank has no storage; the app's pages do.
    }
  });
  await recordPeerConnections(context);
}

/** Each connected peer connection: its policy, ICE servers and the selected pair's candidates. */
function connections(page: Page) {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    return Promise.all(
      all
        .filter((pc) => pc.connectionState === 'connected')
        .map(async (pc) => {
          const stats = await pc.getStats();
          let pairId: string | undefined;
          stats.forEach((r: { type: string; selectedCandidatePairId?: string }) => {
            if (r.type === 'transport' && r.selectedCandidatePairId)
              pairId = r.selectedCandidatePairId;
          });
          const pair = pairId ? stats.get(pairId) : undefined;
          const local = pair ? stats.get(pair.localCandidateId) : undefined;
          const { iceTransportPolicy, iceServers = [] } = pc.getConfiguration();
          return {
            policy: iceTransportPolicy,
            servers: iceServers.flatMap((s) => s.urls),
            usernames: iceServers.map((s) => s.username),
            local: local?.candidateType as string | undefined,
            localAddress: local?.address as string | undefined,
            relayProtocol: local?.relayProtocol as string | undefined,
            bytes: ((pair?.bytesSent ?? 0) as number) + ((pair?.bytesReceived ?? 0) as number),
          };
        }),
    );
  });
}

test('members forced onto TURN see and hear each other and a screen share through coturn, with the credentials of their join answer', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Relayed');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  for (const p of [host, bo]) await relayOnly(p.context);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await bo.room.joinThroughUi(conferenceId, 'Bo');
  const boId = await bo.room.userId();
  const hostId = String(hostAccount.userId);

  await host.room.expectVideoPlaying(boId, 'camera', 20_000);
  await bo.room.expectVideoPlaying(hostId, 'camera', 20_000);
  await expect
    .poll(() => bo.room.receivedAudioLevel(hostId), { timeout: 10_000 })
    .toBeGreaterThan(0.005);

  // A screen share goes out on its own peer connection, relayed too.
  await host.room.page.getByTestId('share-screen').click();
  await bo.room.expectVideoPlaying(hostId, 'screen', 20_000);

  for (const [room, userId, count] of [
    [host.room, hostId, 3],
    [bo.room, boId, 2],
  ] as const) {
    // Camera publisher and subscriber (and the host's screen publisher), all up and relayed.
    await expect
      .poll(async () => (await connections(room.page)).length)
      .toBeGreaterThanOrEqual(count);
    for (const c of await connections(room.page)) {
      expect(c).toMatchObject({
        policy: 'relay',
        servers: [turnUrl(settings)],
        local: 'relay',
        localAddress: settings.ip,
        relayProtocol: 'udp',
      });
      expect(c.usernames[0]).toMatch(new RegExp(`^\\d+:${userId}$`));
      expect(c.bytes).toBeGreaterThan(0);
    }
    // coturn took the server's credentials for this member.
    expect(turn!.log()).toMatch(
      new RegExp(`user <\\d+:${userId}>: incoming packet ALLOCATE processed, success`),
    );
  }

  for (const p of [host, bo]) await p.context.close();
});
