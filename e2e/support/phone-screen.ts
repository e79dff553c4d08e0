/**
 * A phone as the browser tests hold one — Chromium with an Android phone's 360 × 740 screen, touch
 * and user agent — and what "usable on it" means for a page: nothing wider than the screen (no
 * sideways scrolling, nothing sticking out or cut off at the sides) and the controls that matter
 * shown, inside the screen and big enough for a finger (44 px each way).
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** For `test.use`: the phone, held upright. */
export const PHONE = {
  userAgent: ANDROID_CHROME,
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

export const PORTRAIT = { width: 360, height: 740 };
export const LANDSCAPE = { width: 740, height: 360 };

/** A fingertip (WCAG 2.5.5, Apple's and Google's guidelines). */
export const TOUCH_TARGET = 44;

/**
 * The page is no wider than the screen, and no element shows outside it sideways: a box past the
 * right edge in a container that clips or scrolls is cut off even when the page itself does not
 * scroll, so every shown element is measured, not only the document.
 */
export async function expectFitsScreen(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(widths.innerWidth);
  const outside = await page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      // Screen-reader-only text is a 1-px box clipped to nothing.
      if (rect.width <= 1 && rect.height <= 1) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        const id = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : '';
        const name = `${element.tagName.toLowerCase()}${id}.${[...element.classList].join('.')}`;
        found.push(`${name} ${Math.round(rect.left)}…${Math.round(rect.right)}`);
      }
    }
    return found;
  });
  expect(outside, 'elements outside the screen sideways').toEqual([]);
}

/** Each control is shown, wholly inside the screen, and at least a fingertip each way. */
export async function expectTouchable(...controls: Locator[]): Promise<void> {
  for (const control of controls) {
    await expect(control).toBeVisible();
    await expect(control).toBeInViewport({ ratio: 1 });
    const box = await control.boundingBox();
    expect(box, String(control)).not.toBeNull();
    expect(box!.width, `${String(control)} width`).toBeGreaterThanOrEqual(TOUCH_TARGET);
    expect(box!.height, `${String(control)} height`).toBeGreaterThanOrEqual(TOUCH_TARGET);
  }
}
