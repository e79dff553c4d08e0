/**
 * Two people in a meeting: a reaction from the bar floats over the sender's tile on the other's
 * page and is announced there; the keyboard shortcuts toggle the microphone and camera (seen by
 * the other member), do nothing while typing in the chat, and "?" opens their help, which
 * Escape closes, giving the focus back.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

const SHOTS = process.env.E2E_SHOTS;

/** Screenshots for a person to look at, only when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('a reaction floats over the sender’s tile for the other member, is announced to screen readers, and one sent too fast is refused', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Reactions');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo');
  const boId = await bo.room.userId();
  const bp = bo.room.page;
  const hp = host.room.page;

  await bp.getByTestId('reactions-toggle').click();
  const bar = bp.getByRole('group', { name: 'Reactions' });
  await expect(bar.getByRole('button')).toHaveCount(6);
  await expect(bar.getByRole('button', { name: 'Thumbs up' })).toBeFocused();
  await shot(bp, 'reaction-bar');
  await bar.getByRole('button', { name: 'Party popper' }).click();

  // On Hana's page, over Bo's tile; and on Bo's own.
  const onBo = host.room.tile(boId).getByTestId('floating-reaction');
  await expect(onBo).toHaveAttribute('data-emoji', '🎉');
  await expect(hp.getByTestId('room-announcer')).toContainText('Bo reacted with Party popper');
  await hp.waitForTimeout(700);
  await shot(hp, 'floating-reaction');
  await expect(bo.room.tile(boId).getByTestId('floating-reaction')).toHaveCount(1);
  // It floats for about 6 seconds (long enough to be seen from elsewhere on the screen), then
  // is gone.
  await expect(onBo).toHaveCount(0, { timeout: 9_000 });

  // A burst goes through; clicking on past it is refused, said in words, and nothing is lost.
  // Eight clicks at once, as fast as a hand cannot: more than the burst the server allows.
  await bar
    .getByRole('button', { name: 'Heart' })
    .evaluate((button: HTMLElement) => Array.from({ length: 8 }, () => button.click()));
  await expect(bp.getByText('You are sending reactions too quickly')).toBeVisible();
  await expect
    .poll(() => host.room.tile(boId).locator('[data-emoji="❤️"]').count())
    .toBeGreaterThanOrEqual(5);
  await bp.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(bp.getByTestId('reactions-toggle')).toBeFocused();

  for (const p of [host, bo]) await p.context.close();
});

test('Ctrl+D and Ctrl+E toggle the microphone and camera, nothing fires while typing in the chat, and "?" opens the help that Escape closes', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Shortcuts');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana');
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const hostId = String(hostAccount.userId);
  const hp = host.room.page;
  const mic = hp.getByTestId('toggle-mic');
  const camera = hp.getByTestId('toggle-camera');

  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await hp.keyboard.press('Control+d');
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(bo.room.tile(hostId)).toHaveAttribute('data-audio', 'off');
  // A toggle within 500 ms of the last is ignored (SPEC.md section 4, Media).
  await hp.waitForTimeout(600);
  await hp.keyboard.press('Control+d');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(bo.room.tile(hostId)).toHaveAttribute('data-audio', 'on');
  await hp.keyboard.press('Control+e');
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(bo.room.tile(hostId)).toHaveAttribute('data-video', 'off');

  // Ctrl+Alt+C opens the chat with the cursor in its box; typing there is typing.
  await hp.keyboard.press('Control+Alt+c');
  const box = hp.locator('textarea[name="chatMessage"]');
  await expect(box).toBeFocused();
  await hp.keyboard.type('c?');
  await hp.keyboard.press('Control+d');
  await hp.keyboard.press('Control+e');
  await expect(box).toHaveValue('c?');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(hp.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await expect(hp.getByTestId('captions-toggle')).toHaveAttribute('aria-pressed', 'false');
  await hp.keyboard.press('Enter');
  await expect(bo.room.page.getByTestId('room-announcer')).toContainText('Message from Hana: c?');

  // "?" from a toolbar button: the help opens; Escape closes it and the focus is back.
  await mic.focus();
  await hp.keyboard.press('?');
  const help = hp.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.locator('[data-shortcut="toggleMic"]')).toContainText('Ctrl+D');
  await expect(help.locator('[data-shortcut="toggleHand"]')).toContainText('Ctrl+Alt+H');
  await shot(hp, 'shortcuts-help');
  // The dialog holds the keyboard: Ctrl+D does not reach the room behind it.
  await hp.keyboard.press('Control+d');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await hp.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(mic).toBeFocused();
  await shot(hp, 'focus-returned');

  // The toolbar's keyboard button opens the same help.
  await hp.getByTestId('shortcuts-help').click();
  await expect(help).toBeVisible();
  await hp.keyboard.press('Escape');
  await expect(hp.getByTestId('shortcuts-help')).toBeFocused();

  for (const p of [host, bo]) await p.context.close();
});
