/**
 * The toolbar's "More options" menu (issue 30). At 1280x720 the bar keeps every control and the
 * menu adds labelled entries (layout, polls, transcript, shortcuts, feedback); at 900x700 the
 * secondary controls move into the menu as labelled items with their own test hooks, and every
 * control is still reachable, inside the window, uncut and not overlapping, menu open or not.
 * The menu works by keyboard (Enter opens, arrows move, Enter activates, Escape closes and
 * gives the focus back); English and Chinese. Screenshots: /tmp/more-*.png.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createMeeting, registeredUser, RoomPage, signInWithToken } from '../support/room';
import { toolbarFits } from '../support/toolbar';

const LABELS = {
  'en-US': {
    more: 'More options',
    transcript: 'Show the transcript',
    shortcuts: 'Keyboard shortcuts',
    viewMode: 'Change layout',
    breakout: 'Breakout rooms',
    feedback: 'Report a problem',
  },
  'zh-CN': {
    more: '更多选项',
    transcript: '查看字幕记录',
    shortcuts: '键盘快捷键',
    viewMode: '更改布局',
    breakout: '分组讨论室',
    feedback: '报告问题',
  },
} as const;

/** The secondary controls, which move into the menu as the bar narrows. */
const MOVABLE = [
  'view-mode',
  'share-file',
  'effects-button',
  'interpret-toggle',
  'record-button',
  'local-record-button',
  'more-apps',
  'breakout-toggle',
  'shortcuts-help',
];

const WIDE = { width: 1280, height: 720 };
const NARROW = { width: 900, height: 700 };

async function joined(browser: Browser, locale: string, conferenceId: string, token?: string) {
  const context = await browser.newContext({
    permissions: ['camera', 'microphone'],
    viewport: WIDE,
    locale,
  });
  if (token) await signInWithToken(context, token);
  const room = new RoomPage(await context.newPage());
  const { page } = room;
  await page.goto('/join');
  await page.locator('input[name="conferenceId"]').fill(conferenceId);
  await page.locator('input[name="userConferenceName"]').fill(token ? 'Hana' : 'Dee');
  await page.locator('input[name="userConferenceName"]').press('Enter');
  await page.waitForURL(`**/meeting/${conferenceId}`);
  await page.getByRole('button', { name: /join now|立即加入/i }).click();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  return { context, page };
}

/** The test hooks of the buttons shown in the bar itself (not in a menu). */
function barTestIds(page: Page): Promise<string[]> {
  return page
    .getByRole('toolbar')
    .evaluate((bar) =>
      [...bar.querySelectorAll<HTMLElement>('button[data-testid]')]
        .filter((b) => b.offsetParent !== null && !b.closest('[role="menu"]'))
        .map((b) => b.dataset.testid!),
    );
}

/** The test hooks of the open menu's own items, in order. */
function menuItemIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('toolbar-more-menu')
    .evaluate((menu) =>
      [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')]
        .filter((el) => el.parentElement?.closest('[role="menu"]') === menu)
        .map((el) => el.dataset.testid!),
    );
}

/** The test hook of the focused element. */
function focusedId(page: Page) {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);
}

/**
 * Every control offered is reachable: shown in the bar, or, the menu open, in the menu as a
 * labelled item.
 */
async function everyControlReachable(page: Page, ids: string[]) {
  const inBar = await barTestIds(page);
  const more = page.getByTestId('toolbar-more');
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  const menu = page.getByTestId('toolbar-more-menu');
  const inMenu: string[] = [];
  for (const id of ids) {
    const control = page.getByTestId(id);
    if ((await control.count()) === 0) continue; // not offered to this member
    await expect(control, `${id} reachable`).toBeVisible();
    if (inBar.includes(id)) continue;
    inMenu.push(id);
    await expect(menu.getByTestId(id), `${id} in the menu`).toBeVisible();
    await expect(control).toHaveAttribute('role', /^menuitem/);
    await expect(control.locator('.room-menu__label')).not.toBeEmpty();
  }
  return inMenu;
}

/** Presses `key` until `target` has the focus (at most `max` times). */
async function pressUntilFocused(page: Page, key: string, target: string, max = 16) {
  for (let i = 0; i < max; i++) {
    const focused = await page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid,
    );
    if (focused === target) return;
    await page.keyboard.press(key);
  }
  await expect(page.getByTestId(target)).toBeFocused();
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the "More options" menu: labelled entries at 1280x720, the secondary controls inside it at 900x700, by keyboard (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const L = LABELS[locale];
    const lang = locale === 'en-US' ? 'en' : 'zh';
    const account = await registeredUser(request, 'Hana');
    const conferenceId = await createMeeting(request, account.token, 'More options');
    const host = await joined(browser, locale, conferenceId, account.token);
    const member = await joined(browser, locale, conferenceId);
    const { page } = host;
    const toolbar = page.getByRole('toolbar');
    const more = page.getByTestId('toolbar-more');
    const menu = page.getByTestId('toolbar-more-menu');

    // ---- 1280x720: the bar as it was, plus the menu's button (for a host in English, whose
    // bar is the longest, Share a file makes room for it: the one control that moves here).
    const wide = await barTestIds(page);
    expect(wide).toEqual(
      expect.arrayContaining(['view-mode', 'shortcuts-help', 'breakout-toggle', 'toolbar-more']),
    );
    await expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await expect(more).toHaveAttribute('aria-label', L.more);

    // By keyboard: Enter opens with the focus on the first item; arrows move; Escape closes.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menu', { name: L.more })).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    // The menu's own entries come with its first opening.
    await expect(page.getByTestId('more-transcript')).toBeVisible();
    const items = await menuItemIds(page);
    expect(items).toEqual(expect.arrayContaining(['more-layout', 'more-polls', 'more-shortcuts']));
    await expect.poll(() => focusedId(page)).toBe(items[0]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedId(page)).toBe(items[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedId(page)).toBe(items[items.length - 1]);
    await expect(page.getByTestId('more-transcript')).toHaveText(L.transcript);
    await expect(page.getByTestId('more-shortcuts')).toHaveText(L.shortcuts);
    await expect(page.getByTestId('more-feedback')).toHaveText(L.feedback);
    // Every control is reachable; at this width most, if not all, are in the bar.
    const movedWide = await everyControlReachable(page, [...new Set([...wide, ...MOVABLE])]);
    expect(['share-file']).toEqual(expect.arrayContaining(movedWide));
    await toolbarFits(page);
    await page.screenshot({ path: `/tmp/more-1280-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    // Enter on an entry does what it says: the shortcuts' help.
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe(items[0]);
    await pressUntilFocused(page, 'ArrowDown', 'more-shortcuts');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(menu).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A click outside closes it.
    await more.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(WIDE.width / 2, 200);
    await expect(menu).toBeHidden();

    // ---- 900x700: the secondary controls move into the menu, with their test hooks.
    await page.setViewportSize(NARROW);
    await member.page.setViewportSize(NARROW);
    await expect(toolbar).toHaveAttribute('data-compact', 'true');
    const narrow = await toolbarFits(page);
    expect(narrow).toEqual(
      expect.arrayContaining([
        'toggle-mic',
        'toggle-camera',
        'captions-toggle',
        'reactions-toggle',
        'leave',
        'members-panel',
        'chat-toggle',
        'toolbar-more',
      ]),
    );
    const moved = await everyControlReachable(page, [...new Set([...wide, ...MOVABLE])]);
    expect(moved).toEqual(
      expect.arrayContaining([
        'share-file',
        'shortcuts-help',
        'more-apps',
        'view-mode',
        'effects-button',
      ]),
    );
    await expect(menu.getByTestId('view-mode')).toHaveText(L.viewMode);
    await expect(menu.getByTestId('shortcuts-help')).toHaveText(L.shortcuts);
    if (moved.includes('breakout-toggle'))
      await expect(menu.getByTestId('breakout-toggle')).toContainText(L.breakout);
    else
      await expect(page.getByTestId('breakout-toggle')).toHaveAttribute('aria-label', L.breakout);
    // Their labelled twins step aside; what is found nowhere else stays.
    await expect(page.getByTestId('more-layout')).toHaveCount(0);
    await expect(page.getByTestId('more-transcript')).toBeVisible();
    await toolbarFits(page);
    await page.screenshot({ path: `/tmp/more-900-${lang}.png` });

    // By keyboard: the layout item opens its choices beside the menu, inside the window.
    await expect.poll(() => focusedId(page)).toBe((await menuItemIds(page))[0]);
    await pressUntilFocused(page, 'ArrowDown', 'view-mode');
    const mode = await page.getByTestId('view-mode').getAttribute('data-mode');
    await page.keyboard.press('Enter');
    const other = page.getByTestId(mode === 'grid' ? 'view-mode-float' : 'view-mode-grid');
    await expect(other).toBeVisible();
    await expect(menu).toBeVisible();
    const box = (await other.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: `/tmp/more-900-${lang}-layout.png` });
    await other.click();
    await expect(menu).toBeHidden();
    await expect(page.getByTestId('view-mode')).not.toHaveAttribute('data-mode', mode!);
    // The moved shortcuts button, reached with the arrows and Enter.
    await more.focus();
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', 'shortcuts-help');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A member at 900x700: the hand stays in the bar; the menu fits too.
    const memberBar = await toolbarFits(member.page);
    expect(memberBar).toEqual(expect.arrayContaining(['raise-hand', 'toolbar-more']));
    await everyControlReachable(member.page, [...MOVABLE, 'raise-hand', 'reactions-toggle']);
    await toolbarFits(member.page);
    await member.page.screenshot({ path: `/tmp/more-900-${lang}-member.png` });

    // ---- Back to 1280x720: everything back in the bar.
    await page.setViewportSize(WIDE);
    await expect.poll(() => barTestIds(page)).toEqual(expect.arrayContaining(wide));
    await toolbarFits(page);
    for (const p of [host, member]) await p.context.close();
  });
}
