/**
 * Cloud recording as people use it (issue 11): the host's record popover and the indicator every
 * member sees, the recordings page, and an access request answered through the message center.
 * Screenshots go to $SHOTS_DIR when it is set (for looking at the screens, not for comparing).
 */
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  // After the popovers' fade-in.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

test('a basic host is offered audio recording only, with video locked behind Pro; a member has no record button', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Pair');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });

  await expect(bo.room.page.getByTestId('toggle-mic')).toBeVisible();
  await expect(bo.room.page.getByTestId('record-button')).toHaveCount(0);

  const { page } = host.room;
  await page.getByTestId('record-button').click();
  const popover = page.getByTestId('record-popover');
  await expect(popover.getByTestId('record-pro-note')).toHaveText(
    /Upgrade to Pro to unlock video recording/,
  );
  await expect(popover.getByTestId('record-type-video')).toBeDisabled();
  await expect(popover.getByTestId('record-type-audio')).toBeChecked();
  await expect(popover.getByTestId('record-start')).toBeEnabled();
  await shot(page, 'room-record-popover-basic');
  // Upgrade opens the upgrade dialog, to pay in a new tab so the meeting stays open.
  await popover.getByTestId('record-upgrade').click();
  await expect(page.getByRole('dialog', { name: /Pro/ })).toBeVisible();

  for (const p of [host, bo]) await p.context.close();
});
