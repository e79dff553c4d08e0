/**
 * Breakout rooms with three browsers: the host creates two rooms and puts Ali and Bea in
 * different ones, opens them with a one-minute timer; members in different rooms do not see each
 * other; the host joins Ali's room and gets Ali's video through that room's own media; a
 * broadcast reaches every room; Bea asks for help; the timer (the server's development clock)
 * starts the 60 s countdown and its end brings everyone back to the main room.
 */
import { expect, test } from '@playwright/test';
import { moveServerClock, resetServerClock } from '../support/billing';
import { createMeeting, participant, registeredUser } from '../support/room';

test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

test.afterEach(async ({ request }) => {
  await resetServerClock(request);
});

test('a host opens two breakout rooms; members apart do not see each other; the timer brings everyone back', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Workshop');
  const host = await participant(browser, hostAccount.token);
  const ali = await participant(browser);
  const bea = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await ali.room.joinThroughUi(conferenceId, 'Ali', { camera: true });
  await bea.room.joinThroughUi(conferenceId, 'Bea', { camera: false });
  const aliId = await ali.room.userId();
  const beaId = await bea.room.userId();
  const hostId = String(hostAccount.userId);
  const h = host.room.page;
  // Everyone together first.
  await expect(bea.room.tile(aliId)).toBeVisible();
  await expect(h.getByTestId('breakout-toggle')).toBeVisible();
  await expect(ali.room.page.getByTestId('breakout-toggle')).toHaveCount(0);

  // The host creates two rooms, assigning by hand, and opens them with a one-minute timer.
  await h.getByTestId('breakout-toggle').click();
  await expect(h.getByTestId('breakout-tab')).toBeVisible();
  await h.locator('input[name="breakoutRooms"]').fill('2');
  await h.locator('input[name="breakoutAssign"][value="manual"]').check();
  await h.getByTestId('breakout-create').click();
  await expect(h.getByTestId('breakout-room-2')).toBeVisible();
  await h.getByTestId(`breakout-assign-${aliId}`).selectOption('1');
  await expect(h.getByTestId('breakout-room-1')).toContainText('Ali');
  await h.getByTestId(`breakout-assign-${beaId}`).selectOption('2');
  await expect(h.getByTestId('breakout-room-2')).toContainText('Bea');
  await h.locator('input[name="breakoutMinutes"]').fill('1');
  await h.getByTestId('breakout-open').click();
  await expect(h.getByTestId('breakout-status')).toContainText(/open/i);

  // Each member is in their own room: the banner says which, and nobody else is there.
  await expect(ali.room.page.getByTestId('breakout-banner')).toContainText('Room 1');
  await expect(bea.room.page.getByTestId('breakout-banner')).toContainText('Room 2');
  await expect(ali.room.page.getByTestId('breakout-timer')).toContainText(
    /0:[0-5]\d left|1:00 left/,
  );
  for (const [page, absent] of [
    [ali.room.page, [beaId, hostId]],
    [bea.room.page, [aliId, hostId]],
    [h, [aliId, beaId]],
  ] as const) {
    for (const id of absent) await expect(page.locator(`[data-member-id="${id}"]`)).toHaveCount(0);
  }
  // Chat stays in its room.
  await ali.room.openPanel('chat');
  await ali.room.sendChat('Only for room one');
  await bea.room.openPanel('chat');
  await expect(bea.room.page.getByTestId('chat-message')).toHaveCount(0);

  // A broadcast reaches every room.
  await h.locator('textarea[name="breakoutBroadcast"]').fill('Five minutes to wrap up');
  await h.getByTestId('breakout-broadcast-send').click();
  for (const page of [ali.room.page, bea.room.page])
    await expect(page.getByText('Hana to all rooms: Five minutes to wrap up')).toBeVisible();

  // Bea asks for help: the host is told and sees it in the panel.
  await bea.room.page.getByTestId('breakout-help').click();
  await expect(h.getByText('Bea asks for help in Room 2')).toBeVisible();
  await expect(h.getByTestId('breakout-room-2').getByTestId('breakout-help-flag')).toBeVisible();
  await expect(h.getByTestId('breakout-help-count')).toHaveText('1');

  // The host joins Room 1: Ali's video arrives through that room's own media.
  await h.getByTestId('breakout-join-1').click();
  await expect(h.getByTestId('breakout-banner')).toContainText('Room 1');
  await host.room.expectVideoPlaying(aliId, 'camera', 20_000);
  await expect(ali.room.tile(hostId)).toBeVisible();
  await expect(h.locator(`[data-member-id="${beaId}"]`)).toHaveCount(0);

  // The timer runs out (the server's clock moved): the countdown starts, rooms still apart.
  await moveServerClock(request, 61_000);
  for (const page of [ali.room.page, bea.room.page])
    await expect(page.getByTestId('breakout-timer')).toContainText(/close in/i);
  await expect(bea.room.page.locator(`[data-member-id="${aliId}"]`)).toHaveCount(0);

  // The countdown ends: everyone is back in the main room together.
  await moveServerClock(request, 60_000);
  for (const page of [h, ali.room.page, bea.room.page])
    await expect(page.getByTestId('breakout-banner')).toHaveCount(0);
  await expect(bea.room.tile(aliId)).toBeVisible();
  await expect(bea.room.tile(hostId)).toBeVisible();
  await expect(ali.room.tile(beaId)).toBeVisible();
  await bea.room.expectVideoPlaying(aliId, 'camera', 20_000);
  // The main room's chat is its own: the breakout room's message is not in it.
  await expect(ali.room.page.getByTestId('chat-message')).toHaveCount(0);

  for (const p of [host, ali, bea]) await p.context.close();
});
