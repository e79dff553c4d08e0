/**
 * A muted member's microphone is never opened without their action (issue 30): muted by the
 * host, then leaving and choosing Rejoin, the member comes back through the pre-join with the
 * microphone shown off (and the camera as it was), and joins muted.
 */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test('muted by the host, a member who leaves and rejoins finds the microphone off on the pre-join and stays muted', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Quiet please');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const boId = await bo.room.userId();
  const page = bo.room.page;
  await expect(page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');

  await host.room.openPanel('members');
  await host.room.memberAction(boId, 'member-mute');
  await expect(page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');

  await page.getByTestId('leave').click();
  const end = page.getByTestId('end-screen');
  await end.getByTestId('end-rejoin').click();
  // The pre-join, with the devices as they were when I left.
  await expect(page.getByRole('button', { name: /join now/i })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('toggle-camera')).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: /join now/i }).click();
  await expect(bo.room.connectionState()).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  await expect(host.room.tile(boId)).toHaveAttribute('data-audio', 'off');
  for (const p of [host, bo]) await p.context.close();
});
