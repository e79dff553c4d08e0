/**
 * Everyone stays in (issue 29): a member whose network is gone for 30 s (Playwright's
 * `setOffline`, as the acceptance checks make an outage) is shown to the host as reconnecting
 * rather than gone, keeps trying for as long as the page is open, and is back with video both
 * ways once the network returns — without a Join click.
 */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test.setTimeout(150_000);

test('after a 30 s outage the member comes back by itself, with video both ways; meanwhile the host sees them as reconnecting', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Stays in');
  const host = await participant(browser, hostAccount.token);
  const guest = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Bo');
  const guestId = await guest.room.userId();
  const hostId = await host.room.userId();
  await host.room.expectVideoPlaying(guestId);
  await guest.room.expectVideoPlaying(hostId);

  const state = guest.room.page.getByTestId('connection-state');
  const seen = host.room.page.locator(`[data-member-id="${guestId}"][data-source="camera"]`);
  await guest.context.setOffline(true);
  const wentAt = Date.now();
  // The server notices the dead socket (its ping time-out); the host keeps the tile, marked.
  await expect(seen).toHaveAttribute('data-reconnecting', 'true', { timeout: 25_000 });
  await expect(seen.getByTestId('tile-reconnecting')).toHaveText('Reconnecting…');
  await expect(state).not.toHaveAttribute('data-state', 'connected');
  await guest.room.page.waitForTimeout(Math.max(0, 30_000 - (Date.now() - wentAt)));
  // Still trying, not given up.
  await expect(state).toHaveAttribute('data-state', 'connecting');

  await guest.context.setOffline(false);
  const backAt = Date.now();
  await expect(state).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
  await guest.room.expectVideoPlaying(hostId, 'camera', 15_000);
  await host.room.expectVideoPlaying(guestId, 'camera', 15_000);
  await expect(seen).not.toHaveAttribute('data-reconnecting', 'true');
  test.info().annotations.push({
    type: 'back after',
    description: `${Date.now() - backAt} ms from the network's return to video both ways`,
  });
  for (const p of [host, guest]) await p.context.close();
});

test('a reload mid-meeting goes straight back into the room; without a recent stay in it, to the same meeting’s pre-join with the same name — never the invite page', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Reloads');
  const host = await participant(browser, hostAccount.token);
  const guest = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Bo Reload');
  const guestId = await guest.room.userId();
  const { page } = guest.room;
  const invites: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('/i/')) invites.push(frame.url());
  });

  await page.reload();
  await guest.room.backAfterReload(conferenceId);
  await host.room.expectVideoPlaying(guestId, 'camera', 20_000);
  await expect(host.room.tile(guestId)).toContainText('Bo Reload');

  // Not in the room lately (as after more than a minute): the pre-join, one click from the room.
  await page.evaluate(() => sessionStorage.removeItem('joinInRoom'));
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/meeting/${conferenceId}$`));
  await expect(page.getByTestId('join-now')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Joining as Bo Reload')).toBeVisible();
  await page.getByTestId('join-now').click();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await host.room.expectVideoPlaying(guestId, 'camera', 20_000);
  expect(invites).toEqual([]);
  for (const p of [host, guest]) await p.context.close();
});

test('a camera whose frames stop coming shows "Poor connection" on its tile instead of a still picture, and plays again when they return', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Frozen');
  const host = await participant(browser, hostAccount.token);
  const guest = await participant(browser);
  // The guest's peer connections, so that the test can stop what its camera sends.
  await guest.context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const all: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = all;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        all.push(this);
      }
    };
  });
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await guest.room.joinThroughUi(conferenceId, 'Bo');
  const guestId = await guest.room.userId();
  await host.room.expectVideoPlaying(guestId);
  const tile = host.room.tile(guestId);
  await expect(tile).not.toHaveAttribute('data-frozen', 'true');

  // Nothing more reaches the host, as when the network between them stalls.
  const stopSending = () =>
    guest.room.page.evaluate(async () => {
      const w = window as unknown as {
        __pcs: RTCPeerConnection[];
        __held: [RTCRtpSender, MediaStreamTrack][];
      };
      w.__held = w.__pcs
        .flatMap((pc) => (pc.connectionState === 'closed' ? [] : pc.getSenders()))
        .filter((s) => s.track?.kind === 'video')
        .map((s) => [s, s.track!]);
      await Promise.all(w.__held.map(([s]) => s.replaceTrack(null)));
      return w.__held.length;
    });
  const sendAgain = () =>
    guest.room.page.evaluate(async () => {
      const w = window as unknown as { __held: [RTCRtpSender, MediaStreamTrack][] };
      await Promise.all(w.__held.map(([s, track]) => s.replaceTrack(track)));
    });
  expect(await stopSending()).toBeGreaterThan(0);
  await expect(tile).toHaveAttribute('data-frozen', 'true', { timeout: 6000 });
  await expect(tile.getByTestId('tile-frozen')).toHaveText('Poor connection');

  await sendAgain();
  await expect(tile).not.toHaveAttribute('data-frozen', 'true', { timeout: 6000 });
  await host.room.expectVideoPlaying(guestId);
  for (const p of [host, guest]) await p.context.close();
});

test('a closed tab is seen to leave at once (a toast, no "Reconnecting…"), and a host who closed theirs is said to have left', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Closed tabs');
  const host = await participant(browser, hostAccount.token);
  const guest = await participant(browser);
  const cy = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await guest.room.joinThroughUi(conferenceId, 'Bo');
  const guestId = await guest.room.userId();
  const hostPage = host.room.page;
  // Bo's arrival was shown to the host, not only told to screen readers.
  await expect(hostPage.getByTestId('member-toast').filter({ hasText: 'Bo joined' })).toBeVisible();
  await expect(hostPage.getByTestId('my-network')).toContainText(/^Network: /);

  await guest.room.page.close();
  await expect(hostPage.getByTestId('member-toast').filter({ hasText: 'Bo left' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(hostPage.locator(`[data-member-id="${guestId}"]`)).toHaveCount(0);

  await cy.room.joinThroughUi(conferenceId, 'Cy');
  await expect(cy.room.page.getByTestId('host-gone')).toHaveCount(0);
  await hostPage.close();
  await expect(cy.room.page.getByTestId('host-gone')).toHaveAttribute('data-reason', 'left', {
    timeout: 10_000,
  });
  await expect(cy.room.page.getByTestId('host-gone')).toContainText('The host left');
  for (const p of [host, guest, cy]) await p.context.close();
});

test('away past the reconnect grace, a member joins again by themselves; one whose meeting was locked meanwhile gets the end screen that says so', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Long outage');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  const cy = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await bo.room.joinThroughUi(conferenceId, 'Bo Away');
  await cy.room.joinThroughUi(conferenceId, 'Cy Away');
  const boId = await bo.room.userId();
  const hostId = await host.room.userId();

  for (const p of [bo, cy]) await p.context.setOffline(true);
  // The server's grace (60 s) and its sweep (every 5 s) pass: both seats are given up.
  const gone = host.room.page.locator(`[data-member-id="${boId}"]`);
  await expect(gone).toHaveCount(0, { timeout: 90_000 });

  await bo.context.setOffline(false);
  // Joined again through the same path, same name, straight into the room.
  await expect(bo.room.connectionState()).toHaveAttribute('data-state', 'connected', {
    timeout: 30_000,
  });
  await bo.room.expectVideoPlaying(hostId, 'camera', 20_000);
  await host.room.expectVideoPlaying(boId, 'camera', 20_000);
  await expect(host.room.tile(boId)).toContainText('Bo Away');

  await host.room.openPanel('controls');
  await host.room.page.locator('input[name="lockRoom"]').check();
  await cy.context.setOffline(false);
  const end = cy.room.page.getByTestId('end-screen');
  await expect(end).toHaveAttribute('data-reason', 'locked', { timeout: 30_000 });
  await expect(end).toContainText('Meeting is locked');
  await expect(cy.room.page.getByRole('dialog', { name: 'Meeting is locked' })).toHaveCount(0);
  for (const p of [host, bo, cy]) await p.context.close();
});
