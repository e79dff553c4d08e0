/**
 * Recording and privacy notices (issue 30): when the host starts cloud recording every member is
 * told "This meeting is being recorded" once (a reload does not ask again; the REC badge stays),
 * and a member who records the meeting on their own computer is named to everyone else, with a
 * mark on their tile, until they stop.
 */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test('cloud recording is told to every member once, and the REC badge stays', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'On the record');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  await expect(bo.room.page.getByTestId('recording-notice')).toHaveCount(0);

  const { page } = host.room;
  await page.getByTestId('record-button').click();
  await page.getByTestId('record-popover').getByTestId('record-start').click();

  for (const p of [host, bo]) {
    const notice = p.room.page.getByTestId('recording-notice');
    await expect(notice).toContainText('This meeting is being recorded.', { timeout: 15_000 });
    await expect(p.room.page.getByTestId('recording-indicator')).toBeVisible();
  }
  const seen = bo.room.page;
  await seen.getByTestId('recording-notice-ok').click();
  await expect(seen.getByTestId('recording-notice')).toHaveCount(0);
  await expect(seen.getByTestId('recording-indicator')).toBeVisible();
  // Back after a reload: still recorded, not asked again.
  await seen.reload();
  await expect(bo.room.connectionState()).toHaveAttribute('data-state', 'connected', {
    timeout: 20_000,
  });
  await expect(seen.getByTestId('recording-indicator')).toBeVisible();
  await expect(seen.getByTestId('recording-notice')).toHaveCount(0);
  for (const p of [host, bo]) await p.context.close();
});

test('a member recording on their own computer is named to everyone else, with a mark on their tile, until they stop', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Kept at home');
  const host = await participant(browser, hostAccount.token);
  const dee = await participant(browser);
  // No File System Access API: the recording comes as a download (no folder picker to answer).
  await dee.context.addInitScript(() => {
    delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await dee.room.joinThroughUi(conferenceId, 'Dee', { camera: false });
  const deeId = await dee.room.userId();
  const page = host.room.page;
  await expect(page.getByTestId('local-recording-notice')).toHaveCount(0);

  const button = dee.room.page.getByTestId('local-record-button');
  await button.click();
  await expect(button).toHaveAttribute('data-state', 'recording');
  const notice = page.getByTestId('local-recording-notice');
  await expect(notice).toContainText('Dee is recording this meeting on their computer');
  await expect(host.room.tile(deeId).getByTestId('tile-local-recording')).toBeVisible();
  // The one recording is not told about themselves.
  await expect(dee.room.page.getByTestId('local-recording-notice')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('local-recording-notice.png') });

  const download = dee.room.page.waitForEvent('download');
  await button.click();
  await download;
  await expect(notice).toHaveCount(0);
  await expect(host.room.tile(deeId).getByTestId('tile-local-recording')).toHaveCount(0);
  for (const p of [host, dee]) await p.context.close();
});
