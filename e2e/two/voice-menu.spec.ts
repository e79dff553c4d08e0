/**
 * The voice changer with the camera off: the effects dialog needs the camera (SPEC.md), so the
 * microphone's menu offers the voices too. Bo, camera off, picks "Higher" there; Ada hears his
 * voice higher, and the choice shows in the dialog's Sound tab's setting too (one setting).
 */
import { expect, test } from '@playwright/test';
import { receivedPitch } from '../support/audio';
import { createMeeting, participant, registeredUser } from '../support/room';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

test('with the camera off, the microphone menu changes my voice for the others', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Voices off camera');
  const ada = await participant(browser, adaAccount.token);
  const bo = await participant(browser);
  await ada.room.joinThroughUi(conferenceId, 'Ada', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const boId = await bo.room.userId();
  const page = bo.room.page;

  await expect
    .poll(() => receivedPitch(ada.room.page, boId, 1500), { timeout: 20_000 })
    .not.toBeNull();
  const own = (await receivedPitch(ada.room.page, boId))!;

  await page.getByRole('button', { name: 'Microphone options' }).click();
  await expect(page.getByTestId('voice-menu-none')).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/voice-menu.png` });
  await page.getByTestId('voice-menu-higher').click();
  await expect
    .poll(async () => ((await receivedPitch(ada.room.page, boId)) ?? 0) / own, {
      timeout: 30_000,
    })
    .toBeGreaterThan(1.2);

  // The same remembered setting: the menu opens with it chosen.
  await page.getByRole('button', { name: 'Microphone options' }).click();
  await expect(page.getByTestId('voice-menu-higher')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('voice-menu-none').click();
  await expect
    .poll(async () => ((await receivedPitch(ada.room.page, boId)) ?? 0) / own, {
      timeout: 30_000,
    })
    .toBeLessThan(1.1);

  for (const p of [ada, bo]) await p.context.close();
});
