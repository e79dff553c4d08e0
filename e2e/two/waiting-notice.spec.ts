/**
 * What needs the host comes to the host (issue 30): with the panel closed, someone asking to
 * join shows up above the toolbar with their name, Admit and Deny, and as a badge on the People
 * button; one click on Admit lets them straight into the room.
 */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test('a host with the panel closed sees who waits, with Admit, and admits them in one click', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Front door');
  const host = await participant(browser, hostAccount.token);
  const dee = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  const page = host.room.page;
  await host.room.openPanel('controls');
  await page.locator('input[name="waitingRoom"]').check();
  await page.getByRole('button', { name: 'Close panel' }).click();
  await expect(page.getByTestId('room-panel')).toHaveCount(0);

  await dee.room.askToJoin(conferenceId, 'Dee Waiting');
  await expect(dee.room.page.getByTestId('waiting-room')).toBeVisible();
  const notice = page.getByTestId('waiting-notice');
  await expect(notice).toContainText('Dee Waiting wants to join');
  await expect(page.getByTestId('people-waiting-count')).toHaveText('1');
  await notice.getByTestId('waiting-admit').click();

  await dee.room.page.waitForURL(`**/meeting/${conferenceId}`);
  await expect(dee.room.connectionState()).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await expect(host.room.tile(await dee.room.userId())).toHaveCount(1);
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('people-waiting-count')).toHaveCount(0);
  for (const p of [host, dee]) await p.context.close();
});

test('a raised hand shows on the member’s tile and comes to the host with Lower hand, with the panel closed', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Questions');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo Asks', { camera: false });
  const boId = await bo.room.userId();
  const page = host.room.page;

  await bo.room.page.getByTestId('raise-hand').click();
  await expect(host.room.tile(boId).getByTestId('tile-hand')).toBeVisible();
  const notice = page.getByTestId('hand-notice');
  await expect(notice).toContainText('Bo Asks raised their hand');
  await expect(page.getByTestId('people-hands-count')).toHaveText('1');
  await notice.getByTestId('hand-notice-lower').click();
  await expect(bo.room.page.getByTestId('raise-hand')).toHaveAttribute('aria-pressed', 'false');
  await expect(host.room.tile(boId).getByTestId('tile-hand')).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  for (const p of [host, bo]) await p.context.close();
});
