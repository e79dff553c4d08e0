/**
 * The installable app: a manifest Chrome accepts (name, standalone, 192 and 512 px icons), a
 * service worker that keeps the app shell so Home opens without a network, and never keeps an
 * API reply.
 */
import { expect, test } from '@playwright/test';
import { signUpByApi } from '../support/api';
import { signInWithToken } from '../support/room';

test('the app installs: its manifest and icons load, the service worker keeps the shell, Home opens offline, and no API reply is kept', async ({
  browser,
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Meet',
    display: 'standalone',
    start_url: '/home/meetings',
  });
  const sizes = (manifest.icons as { src: string; sizes: string }[]).map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  const { token } = await signUpByApi(request);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await signInWithToken(context, token);
  const page = await context.newPage();
  await page.goto('/home/meetings');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const worker = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return ready.active?.scriptURL ?? '';
  });
  expect(worker).toMatch(/\/sw\.js$/);
  // Once the worker controls the page, its scripts are kept as they load.
  await page.reload();
  await expect(page.getByTestId('avatar-menu-button')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  // The shell comes from the kept copy: the app starts (its header and sidebar), not the
  // browser's offline page.
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page).toHaveTitle('Meet');
  await context.setOffline(false);

  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(kept.some((url) => url.includes('/assets/'))).toBe(true);
  expect(kept.filter((url) => /\/(api|files|socket\.io|calendar)\//.test(url))).toEqual([]);
  await context.close();
});
