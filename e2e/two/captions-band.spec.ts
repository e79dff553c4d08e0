/**
 * Captions in a band of their own above the toolbar (issue 30): the stage makes room, so a
 * caption never covers a face or a name; and a member whose language the speech engine here
 * does not recognize (Chinese, with the embedded English engine) is told plainly why their
 * words get no captions and what would enable them, in their own language.
 */
import { expect, test } from '@playwright/test';
import {
  createMeeting,
  participant,
  registeredUser,
  RoomPage,
  signInWithToken,
} from '../support/room';

test('captions sit in a band above the toolbar, over no tile, and a Chinese speaker is told why their words get none', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const ada = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, ada.token, 'Band');
  // Ada's fake microphone reads English (playwright.config.ts).
  const speaker = await participant(browser, ada.token);
  await speaker.room.joinThroughUi(conferenceId, 'Ada');

  const li = await registeredUser(request, 'Li');
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    locale: 'zh-CN',
    viewport: { width: 1280, height: 720 },
  });
  await signInWithToken(context, li.token);
  const reader = new RoomPage(await context.newPage());
  const page = reader.page;
  await page.goto('/join');
  await page.locator('input[name="conferenceId"]').fill(conferenceId);
  await page.locator('input[name="userConferenceName"]').fill('Li');
  await page.locator('input[name="userConferenceName"]').press('Enter');
  await page.waitForURL(`**/meeting/${conferenceId}`);
  await page.getByRole('button', { name: '立即加入' }).click();
  await expect(reader.connectionState()).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await reader.expectVideoPlaying(String(ada.userId));

  await page.getByTestId('captions-toggle').click();
  await expect(page.getByTestId('captions-toggle')).toHaveAttribute('aria-pressed', 'true');
  const band = page.getByTestId('caption-area');
  await expect(band).toBeVisible();
  // Why Chinese gets no captions here, in Chinese, naming the engine.
  const note = band.getByTestId('captions-speak-unsupported');
  await expect(note).toHaveAttribute('data-language', 'zh');
  await expect(note).toContainText('没有字幕');
  await expect(note).toContainText('中文');
  await expect(note).toContainText('pocketsphinx', { ignoreCase: true });
  // …and in the menu, what would enable them.
  await page.getByTestId('captions-settings').click();
  await expect(
    page.locator('.captions-menu').getByTestId('captions-speak-unsupported'),
  ).toContainText('sherpa-onnx');
  await page.keyboard.press('Escape');
  // The interpretation menu says Chinese cannot be interpreted here, why and what enables it.
  await page.getByTestId('interpret-toggle').click();
  const unavailable = page.getByTestId('interpret-language-unavailable');
  await expect(unavailable).toHaveAttribute('data-language', 'zh');
  await expect(unavailable).toContainText('不能同声传译');
  await expect(unavailable).toContainText('ASR_ENGINE=sherpa-onnx');
  await page.keyboard.press('Escape');

  // Ada's words arrive in the band; the band is above the toolbar and over no tile.
  const line = band.locator(`[data-testid="caption-line"][data-member-id="${ada.userId}"]`);
  await expect(line).toBeVisible({ timeout: 45_000 });
  const boxOf = async (selector: string) =>
    page.locator(selector).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    );
  const [area] = await boxOf('[data-testid="caption-area"]');
  const [toolbar] = await boxOf('[role="toolbar"]');
  expect(area!.bottom).toBeLessThanOrEqual(toolbar!.top);
  for (const tile of await boxOf(
    '[data-member-id][data-source]:not([data-testid="caption-line"])',
  )) {
    const overlaps =
      Math.min(tile.bottom, area!.bottom) - Math.max(tile.top, area!.top) > 0 &&
      Math.min(tile.right, area!.right) - Math.max(tile.left, area!.left) > 0;
    expect(overlaps, JSON.stringify({ tile, area })).toBe(false);
  }
  await page.screenshot({ path: test.info().outputPath('captions-band.png') });

  // The live transcript: every final line so far, to scroll back through during the meeting.
  await page.getByTestId('captions-settings').click();
  await page.getByTestId('captions-transcript').click();
  const transcript = page.getByTestId('transcript-panel');
  await expect(transcript).toBeVisible();
  await expect(page.locator('.captions-menu')).toHaveCount(0);
  const spoken = transcript.locator(
    `[data-testid="transcript-line"][data-member-id="${ada.userId}"]`,
  );
  await expect(spoken.first()).toBeVisible({ timeout: 30_000 });
  expect((await spoken.first().innerText()).trim().length).toBeGreaterThan(5);
  // It grows while Ada keeps speaking, and stays open beside the stage.
  const count = await transcript.getByTestId('transcript-line').count();
  await expect
    .poll(() => transcript.getByTestId('transcript-line').count(), { timeout: 30_000 })
    .toBeGreaterThan(count);
  await page.screenshot({ path: test.info().outputPath('transcript-panel.png') });
  for (const c of [speaker.context, context]) await c.close();
});
