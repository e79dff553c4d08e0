/**
 * A switch of the main window never shows a black or empty window (issue 30): the previous
 * picture stays until the new one has its first frame. Three people, float view; the host pins
 * one member and then the other while every frame of the page is checked for a playing video in
 * the main window.
 */
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

/** Starts counting animation frames whose main window shows no decoded video. */
function watchMainWindow(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __mainWatch: { frames: number; empty: number; on: boolean } };
    w.__mainWatch = { frames: 0, empty: 0, on: true };
    const tick = () => {
      const watch = w.__mainWatch;
      if (!watch.on) return;
      const main = document.querySelector('[data-main-window]');
      // What is on top: a held previous window, else the main window's own tile.
      const video =
        main?.querySelector<HTMLVideoElement>(':scope > .room-tile[data-held] video') ??
        main?.querySelector<HTMLVideoElement>(':scope > .room-tile:not([data-held]) video');
      watch.frames++;
      if (!video || video.readyState < 2 || video.videoWidth === 0) watch.empty++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const stopWatching = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __mainWatch: { frames: number; empty: number; on: boolean } };
    w.__mainWatch.on = false;
    return { frames: w.__mainWatch.frames, empty: w.__mainWatch.empty };
  });

test('pinning one member and then another swaps the main window without a frame of nothing', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Switching');
  const host = await participant(browser, hostAccount.token);
  const ada = await participant(browser);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  await bo.room.joinThroughUi(conferenceId, 'Bo');
  const [adaId, boId] = [await ada.room.userId(), await bo.room.userId()];
  const page = host.room.page;
  for (const id of [adaId, boId]) await host.room.expectVideoPlaying(id);

  const pin = (id: string | number) =>
    page
      .locator(`[data-member-id="${id}"][data-source="camera"]`)
      .getByRole('button', { name: 'Pin to main window' })
      .click();
  await pin(adaId);
  const mainTile = (id: string | number) =>
    page.locator(`[data-main-window] > [data-member-id="${id}"]:not([data-held])`);
  await expect(mainTile(adaId)).toHaveCount(1);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.querySelector<HTMLVideoElement>('[data-main-window] video')?.videoWidth ?? 0,
      ),
    )
    .toBeGreaterThan(0);
  await expect(page.locator('[data-main-window] [data-held]')).toHaveCount(0);

  for (const next of [boId, adaId]) {
    await watchMainWindow(page);
    await pin(next);
    await expect(mainTile(next)).toHaveCount(1);
    // Bo's picture is in the main window; the held one is gone once it has a frame.
    await expect(page.locator('[data-main-window] [data-held]')).toHaveCount(0, { timeout: 3000 });
    await page.waitForTimeout(300);
    const { frames, empty } = await stopWatching(page);
    expect(frames).toBeGreaterThan(10);
    expect(empty, `${empty} of ${frames} frames showed no video`).toBe(0);
  }
  for (const p of [host, ada, bo]) await p.context.close();
});
