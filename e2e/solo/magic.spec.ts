/**
 * Magic Cam's page and its style catalogue (issue 15) against the real server: the templates,
 * a favourite that survives a reload, a style published with a snapshot cover (Publishing…,
 * then Published with the cover), another account finding it under Hot and subscribing, and the
 * author deleting it for both; the in-browser engine started and stopped on the preview; the
 * page in Chinese. E2E_SHOTS names a folder for screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { signUpByApi } from '../support/api';
import { signInWithToken } from '../support/room';

async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The Magic Cam page, in the words and test hooks a person's actions map to. */
class MagicPage {
  readonly catalogue: Locator;
  readonly preview: Locator;
  readonly prompt: Locator;

  constructor(readonly page: Page) {
    this.catalogue = page.getByTestId('magic-catalogue');
    this.preview = page.getByTestId('magic-preview');
    this.prompt = page.getByTestId('magic-prompt');
  }

  async open() {
    await this.page.goto('/magic');
    await expect(this.catalogue).toBeVisible();
  }

  tab(name: 'hot' | 'templates' | 'mine' | 'favorites') {
    return this.page.getByTestId(`magic-tab-${name}`);
  }

  /** The card of the style with this name. */
  card(name: string): Locator {
    return this.catalogue
      .locator('[data-testid^="magic-style-"]')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async idOf(name: string): Promise<string> {
    const testId = await this.card(name).getAttribute('data-testid');
    return testId!.replace('magic-style-', '');
  }

  /** Waits until the camera's picture plays in the preview. */
  async cameraPlays(timeout = 10_000) {
    await expect
      .poll(() => this.preview.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), {
        timeout,
      })
      .toBeGreaterThan(0);
  }
}

async function signedIn(browser: Browser, token: string, locale = 'en-US') {
  const context = await browser.newContext({ permissions: ['camera'], locale });
  await signInWithToken(context, token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1360, height: 900 });
  return { context, magic: new MagicPage(page) };
}

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

test('from Home the sidebar opens Magic Cam; a favourited template, a saved style of my own and my celebrity names are still there after a reload', async ({
  browser,
  request,
}) => {
  const { token } = await signUpByApi(request, 'magic-fav');
  const { context, magic } = await signedIn(browser, token);
  contexts.push(context);
  const { page } = magic;
  await page.goto('/home/meetings');
  await page.getByTestId('sidebar-magic').click();
  await expect(page).toHaveURL(/\/magic$/);
  await expect(magic.tab('hot')).toHaveAttribute('aria-selected', 'true');
  await magic.cameraPlays();
  // The preview is the demo's square.
  const box = (await magic.preview.boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThan(2);

  await magic.tab('templates').click();
  const watercolor = magic.card('Watercolor');
  await expect(watercolor).toBeVisible();
  await expect(watercolor).toContainText('watercolor painting');
  const id = await magic.idOf('Watercolor');
  const star = page.getByTestId(`magic-favorite-${id}`);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'magic-page-en');

  // A celebrity kept in my list goes into the prompt; a style of my own saved to favourites.
  await page.getByTestId('magic-famous-input').fill('Van Gogh');
  await page.getByTestId('magic-famous-add').click();
  await magic.prompt.fill('oil painting');
  await page.getByTestId('magic-famous-name-Van Gogh').click();
  await expect(magic.prompt).toHaveValue('oil painting, in the style of Van Gogh');
  await page.getByTestId('magic-publish-name').fill('My Van Gogh');
  await page.getByTestId('magic-save-favorite').click();
  await expect(page.getByText('Saved to your favourites')).toBeVisible();

  await page.reload();
  await magic.tab('favorites').click();
  await expect(magic.card('Watercolor')).toBeVisible();
  await expect(page.getByTestId(`magic-favorite-${id}`)).toHaveAttribute('aria-pressed', 'true');
  const own = magic.card('My Van Gogh');
  await expect(own).toContainText('oil painting, in the style of Van Gogh');
  await expect(own.getByTestId(/^magic-publish-status-/)).toHaveText('Draft');
  await expect(page.getByTestId('magic-famous-name-Van Gogh')).toBeVisible();
});

test('a published style shows Publishing… then Published with its cover; another account subscribes from Hot; deleting it removes it for both', async ({
  browser,
  request,
}) => {
  const author = await signUpByApi(request, 'magic-author');
  const fan = await signUpByApi(request, 'magic-fan');
  const mine = await signedIn(browser, author.token);
  contexts.push(mine.context);
  const { magic } = mine;
  const { page } = magic;
  const name = `Blue comic ${Date.now().toString(36)}`;

  await magic.open();
  await magic.cameraPlays();
  await magic.prompt.fill('blue comic, only me');
  await expect(page.getByTestId('magic-look')).toContainText('blue, comic, only me');
  await page.getByTestId('magic-publish-name').fill(name);
  await page.getByTestId('magic-cover-snapshot').click();
  const coverPreview = page.getByTestId('magic-cover-preview');
  await expect(coverPreview).toBeVisible();
  expect(await coverPreview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

  await magic.tab('mine').click();
  await page.getByTestId('magic-publish').click();
  const card = magic.card(name);
  await expect(card).toBeVisible();
  const id = await magic.idOf(name);
  const status = page.getByTestId(`magic-publish-status-${id}`);
  await expect(status).toHaveText('Publishing…');
  await expect(status).toHaveText('Published', { timeout: 20_000 });
  const cover = page.getByTestId(`magic-cover-${id}`);
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(card).toContainText('blue comic, only me');
  await shot(page, 'magic-published-en');

  const other = await signedIn(browser, fan.token);
  contexts.push(other.context);
  await other.magic.open();
  const theirs = other.magic.card(name);
  await expect(theirs).toBeVisible();
  await expect(theirs).toContainText(`by`);
  const hot = other.magic.page.getByTestId(`magic-hot-${id}`);
  await expect(hot).toHaveText('♥ 0');
  const subscribe = other.magic.page.getByTestId(`magic-subscribe-${id}`);
  await expect(subscribe).toHaveText('Subscribe');
  await subscribe.click();
  await expect(subscribe).toHaveText('Subscribed');
  await expect(hot).toHaveText('♥ 1');
  // Using it puts its prompt in the field.
  await other.magic.page.getByTestId(`magic-use-${id}`).click();
  await expect(other.magic.prompt).toHaveValue('blue comic, only me');

  await page.getByTestId(`magic-delete-${id}`).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this style?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await magic.tab('mine').click();
  await expect(page.getByTestId('magic-empty')).toBeVisible();
  await expect(magic.card(name)).toHaveCount(0);

  await other.magic.page.reload();
  await expect(other.magic.catalogue.getByTestId('magic-empty')).toBeVisible();
  await expect(other.magic.card(name)).toHaveCount(0);
});

test('Start runs the in-browser engine on the preview, names it and says it uses no AI credits; a prompt it cannot render is refused without a charge', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signUpByApi(request, 'magic-run');
  const { context, magic } = await signedIn(browser, token);
  contexts.push(context);
  const { page } = magic;
  await magic.open();
  await magic.cameraPlays();
  await expect(page.getByTestId('magic-engine')).toHaveText('Named when Magic Cam starts');

  await magic.prompt.fill('a quiet afternoon');
  await expect(page.getByTestId('magic-look')).toContainText('knows no look');
  await page.getByTestId('magic-start').click();
  await expect(page.getByTestId('magic-notice')).toContainText('has no style for this prompt');
  await expect(page.getByTestId('magic-status')).toHaveText('Off');
  await expect(page.getByTestId('magic-credits')).toContainText('balance 60');

  await magic.tab('templates').click();
  await page.getByTestId(`magic-use-${await magic.idOf('Pencil sketch')}`).click();
  await expect(magic.prompt).toHaveValue('pencil sketch');
  await page.getByTestId('magic-start').click();
  await expect(page.getByTestId('magic-status')).toHaveText('On', { timeout: 15_000 });
  await expect(page.getByTestId('magic-engine')).toHaveText(
    "In-browser WebGL looks chosen from the prompt's words (no AI model)",
  );
  await expect(page.getByTestId('magic-credits')).toHaveText(
    'Runs in your browser — no AI credits used · balance 60',
  );
  // WebGL without a GPU (software rendering) is slow to give the styled track's first frame.
  await magic.cameraPlays(30_000);
  await shot(page, 'magic-running-en');

  await page.getByTestId('magic-stop').click();
  await expect(page.getByTestId('magic-status')).toHaveText('Off');
  await expect(page.getByTestId('magic-notice')).toHaveCount(0);
});

test.describe('in the Chinese interface', () => {
  test('the page, its catalogue and the Home entry read in Chinese', async ({
    browser,
    request,
  }) => {
    const { token } = await signUpByApi(request, 'magic-zh');
    const { context, magic } = await signedIn(browser, token, 'zh-CN');
    contexts.push(context);
    const { page } = magic;
    await page.goto('/home/meetings');
    await expect(page.getByTestId('sidebar-magic')).toHaveText('魔法相机');
    await page.getByTestId('sidebar-magic').click();
    await expect(page.getByRole('heading', { name: '魔法相机', level: 1 })).toBeVisible();
    await expect(magic.tab('hot')).toHaveText('热门');
    await magic.tab('templates').click();
    await expect(magic.card('水彩')).toBeVisible();
    await expect(page.getByTestId('magic-start')).toHaveText('开始');
    await magic.cameraPlays();
    await shot(page, 'magic-page-zh');
  });
});
