/** The room's toolbar as laid out in the browser (issue 30). */
import { expect, type Page } from '@playwright/test';

/**
 * Every button of the toolbar (and of its open "More options" menu, which is part of it): inside
 * the window, not cut off by a parent that clips, and none over another. Returns their names
 * (test hook, else accessible name).
 */
export async function toolbarFits(page: Page) {
  const toolbar = page.getByRole('toolbar');
  await expect(toolbar).toHaveCount(1);
  const boxes = await toolbar.evaluate((bar) =>
    [...bar.querySelectorAll('button, a')]
      .filter((b) => (b as HTMLElement).offsetParent !== null)
      .map((b) => {
        const r = b.getBoundingClientRect();
        // What is drawn of it: a parent that clips (overflow hidden) cuts it too.
        let clip = { left: r.left, right: r.right };
        for (let p = b.parentElement; p && p !== bar.parentElement; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') {
            const pr = p.getBoundingClientRect();
            clip = { left: Math.max(clip.left, pr.left), right: Math.min(clip.right, pr.right) };
          }
        }
        return {
          name: b.getAttribute('data-testid') ?? b.getAttribute('aria-label') ?? b.textContent,
          left: r.left,
          right: r.right,
          top: r.top,
          bottom: r.bottom,
          shown: clip.right - clip.left,
        };
      }),
  );
  const width = page.viewportSize()!.width;
  const height = page.viewportSize()!.height;
  expect(boxes.length).toBeGreaterThan(10);
  for (const b of boxes) {
    expect(b.left, `${b.name} inside on the left`).toBeGreaterThanOrEqual(0);
    expect(b.top, `${b.name} inside at the top`).toBeGreaterThanOrEqual(0);
    expect(b.right, `${b.name} inside on the right`).toBeLessThanOrEqual(width);
    expect(b.bottom, `${b.name} inside at the bottom`).toBeLessThanOrEqual(height);
    expect(b.shown, `${b.name} not cut off`).toBeGreaterThanOrEqual(b.right - b.left - 1);
  }
  for (const a of boxes)
    for (const b of boxes) {
      if (a === b) continue;
      const overlap =
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      expect(overlap, `${a.name} and ${b.name} do not overlap`).toBe(false);
    }
  return boxes.map((b) => b.name);
}
