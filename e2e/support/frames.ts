/** What a page decodes of a member's camera: colour means and edge strength, sampled in the page. */
import { expect, type Page } from '@playwright/test';

export interface FrameStats {
  r: number;
  g: number;
  b: number;
  /** Mean absolute difference of neighbouring pixels' brightness: high with sharp edges. */
  edges: number;
  /** The same over the fake camera's frame counter (top left), which blur wipes out. */
  textEdges: number;
}

/** Colour means and edge strength of a member's video as this page decodes it. */
function frameStats(page: Page, memberId: string): Promise<FrameStats | null> {
  return page.evaluate((id) => {
    const video = document.querySelector<HTMLVideoElement>(
      `[data-member-id="${id}"][data-source="camera"] video`,
    );
    if (!video || video.videoWidth === 0) return null;
    const width = 320;
    const height = 180;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(video, 0, 0, width, height);
    const { data } = ctx.getImageData(0, 0, width, height);
    let r = 0;
    let g = 0;
    let b = 0;
    let edges = 0;
    let textEdges = 0;
    let textPixels = 0;
    const luma = (i: number) => 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        r += data[i]!;
        g += data[i + 1]!;
        b += data[i + 2]!;
        const d =
          (x > 0 ? Math.abs(luma(i) - luma(i - 4)) : 0) +
          (y > 0 ? Math.abs(luma(i) - luma(i - width * 4)) : 0);
        edges += d;
        if (x > width * 0.05 && x < width * 0.45 && y > height * 0.02 && y < height * 0.14) {
          textEdges += d;
          textPixels += 1;
        }
      }
    }
    const n = width * height;
    return { r: r / n, g: g / n, b: b / n, edges: edges / n, textEdges: textEdges / textPixels };
  }, memberId);
}

/** Stats of several frames a little apart, averaged (the shape moves). */
export async function settledStats(page: Page, memberId: string): Promise<FrameStats> {
  const samples: FrameStats[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await frameStats(page, memberId);
    if (s) samples.push(s);
    await page.waitForTimeout(150);
  }
  expect(samples.length).toBeGreaterThan(0);
  const mean = (k: keyof FrameStats) => samples.reduce((sum, s) => sum + s[k], 0) / samples.length;
  return {
    r: mean('r'),
    g: mean('g'),
    b: mean('b'),
    edges: mean('edges'),
    textEdges: mean('textEdges'),
  };
}

/** The camera track a page sends, as its peer connections have it (they are recorded). */
export function sentCamera(page: Page) {
  return page.evaluate(() => {
    const all = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const pc of all)
      for (const sender of pc.getSenders()) {
        const track = sender.track;
        if (track?.kind === 'video' && track.readyState === 'live')
          return { id: track.id, label: track.label, connections: all.length };
      }
    return null;
  });
}

/** The camera pipeline's own statistics (window.__meetEffectStats), or null with no effect on. */
export function effectStats(page: Page) {
  return page.evaluate(() => {
    const s = (window as unknown as { __meetEffectStats?: Record<string, unknown> })
      .__meetEffectStats;
    return s ? { ...s } : null;
  });
}
