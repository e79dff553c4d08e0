/**
 * axe-core scans of the screens two people go through: Home after signing in, the pre-join
 * screen, the room with both in it, the polls dialog, and the room's dialogs and popovers (the
 * keyboard shortcuts' help, the rename dialog, the record popover, the reaction bar). None may
 * have a serious or critical violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test.setTimeout(120_000);

/** The serious and critical violations on the page (or inside `include`), each with its nodes. */
async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.html.slice(0, 240)}: ${n.failureSummary ?? ''}`),
    }));
}

/** Soft: every screen is scanned and reported, even after one has failed. */
async function expectNoSerious(page: Page, screen: string, include?: string) {
  // Colours are checked as they settle, not halfway through a fade-in.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  expect.soft(await seriousViolations(page, include), screen).toEqual([]);
}

test('Home, pre-join, the room, the polls and the room’s dialogs have no serious or critical axe violations', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Accessible sync');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  const hp = host.room.page;

  // Home, signed in, with the meeting in its list.
  await hp.goto('/home/meetings');
  await expect(hp.getByTestId('avatar-menu-button')).toBeVisible();
  await expect(hp.getByText('Accessible sync').first()).toBeVisible();
  await expectNoSerious(hp, 'Home');

  // The pre-join screen.
  await hp.goto('/join');
  await hp.locator('input[name="conferenceId"]').fill(conferenceId);
  await hp.locator('input[name="userConferenceName"]').fill('Hana');
  await hp.locator('input[name="userConferenceName"]').press('Enter');
  await hp.waitForURL(`**/meeting/${conferenceId}`);
  await expect(hp.getByRole('button', { name: /join now/i })).toBeVisible({ timeout: 15_000 });
  await expectNoSerious(hp, 'pre-join');

  // The room with two members, its panel open on people, then on chat.
  await host.room.joinFromPrejoin();
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const boId = await bo.room.userId();
  await expect(host.room.tile(boId)).toBeVisible();
  await expectNoSerious(hp, 'room');
  await host.room.openPanel('members');
  await expect(host.room.memberRow(boId)).toBeVisible();
  await expectNoSerious(hp, 'room with the people panel');
  await host.room.openPanel('chat');
  await host.room.sendChat('Hello, Bo');
  await expectNoSerious(hp, 'room with the chat panel');
  await bo.room.openPanel('members');
  await expectNoSerious(bo.room.page, 'a member’s room with the people panel');

  // The polls dialog, on its list and on a new poll's form.
  await hp.getByTestId('more-apps').click();
  await hp.getByTestId('open-polls').click();
  const polls = hp.getByRole('dialog').filter({ has: hp.getByTestId('polls-dialog') });
  await expect(polls).toBeVisible();
  await expectNoSerious(hp, 'polls dialog');
  await polls.getByTestId('poll-new').click();
  await expect(polls.locator('textarea[name="pollTitle"]')).toBeVisible();
  await expectNoSerious(hp, 'new poll form');
  await hp.keyboard.press('Escape');
  await expect(polls).toHaveCount(0);

  // The keyboard shortcuts' help.
  await hp.getByTestId('toggle-mic').focus();
  await hp.keyboard.press('?');
  const help = hp.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expectNoSerious(hp, 'shortcuts help');
  await hp.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // The rename dialog.
  await host.room.openPanel('members');
  await hp.getByTestId('rename-me').click();
  const rename = hp.getByRole('dialog', { name: /name/i });
  await expect(rename).toBeVisible();
  await expectNoSerious(hp, 'rename dialog');
  await hp.keyboard.press('Escape');
  await expect(rename).toHaveCount(0);

  // The record popover and the reaction bar.
  await hp.getByTestId('record-button').click();
  await expect(hp.getByTestId('record-popover')).toBeVisible();
  await expectNoSerious(hp, 'record popover');
  await hp.keyboard.press('Escape');
  await hp.getByTestId('reactions-toggle').click();
  await expect(hp.getByTestId('reaction-bar')).toBeVisible();
  await expectNoSerious(hp, 'reaction bar');

  // The breakout rooms panel: creating rooms, then the plan; and a member's strip in a room.
  await hp.getByTestId('breakout-toggle').click();
  await expect(hp.getByTestId('breakout-create')).toBeVisible();
  await expectNoSerious(hp, 'breakout rooms form');
  await hp.getByTestId('breakout-create').click();
  await expect(hp.getByTestId('breakout-open')).toBeVisible();
  await expectNoSerious(hp, 'breakout rooms plan');
  await hp.getByTestId(`breakout-assign-${boId}`).selectOption('1');
  await hp.getByTestId('breakout-open').click();
  await expect(bo.room.page.getByTestId('breakout-banner')).toBeVisible();
  await expectNoSerious(hp, 'breakout rooms open');
  await expectNoSerious(bo.room.page, 'a member in a breakout room');

  for (const p of [host, bo]) await p.context.close();
});
