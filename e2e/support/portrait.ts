/**
 * A second Chromium whose fake camera shows the synthetic portrait of face-video.ts, for tests
 * that need a face (and skin) in view: the test's own browser keeps Chromium's test pattern.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserType, LaunchOptions } from '@playwright/test';
import { writePortraitY4m } from './face-video';

/** A browser whose fake camera shows the synthetic portrait. */
export async function portraitBrowser(
  chromium: BrowserType,
  launchOptions: LaunchOptions,
): Promise<Browser> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'meet-portrait-')), 'portrait.y4m');
  writePortraitY4m(file);
  return chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--use-file-for-fake-video-capture=${file}`],
  });
}
