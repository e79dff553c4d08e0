/** A host and one member: the host's actions on the member from the row's "more" menu. */
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

test('the host reaches a member\'s actions by keyboard through a visible "more" button; Escape closes the menu and the focus returns', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Pair');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const boId = await bo.room.userId();
  const { page } = host.room;

  await host.room.openPanel('members');
  const row = host.room.memberRow(boId);
  const more = row.getByRole('button', { name: 'More actions for Bo' });
  // Visible without pointing at the row.
  await page.mouse.move(0, 0);
  await expect(more).toBeVisible();
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');

  // Tab reaches it from the control before it in the row's order (my rename button).
  await page.getByTestId('rename-me').focus();
  await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Actions for Bo' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Mute' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Turn off camera' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(page.getByTestId('room-panel')).toBeVisible();

  // From the menu, by keyboard: Bo is muted and held so.
  await expect(bo.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Mute' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(bo.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  // The menu follows: the same item now lets Bo unmute again.
  await more.click();
  await expect(row.getByTestId('member-mute')).toHaveText('Allow to unmute');
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();

  for (const p of [host, bo]) await p.context.close();
});
