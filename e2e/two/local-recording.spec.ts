/**
 * Local recording (issue 15): a member records the meeting as they see it into a file of their
 * own — here through downloads, as in a browser without the File System Access API — and the
 * file is a playable WebM: VP9 video at 1280x720 with the mixed Opus audio, as long as the
 * recording ran, named by the meeting id and number under the folder's name.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createMeeting, participant, registeredUser } from '../support/room';

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration?: string };
}

function probe(file: string): Probe {
  return JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,width,height:format=duration',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as Probe;
}

/** The last video frame's time in seconds (MediaRecorder's WebM has no duration in its header). */
function decodedSeconds(file: string): number {
  const text = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    file,
  ]).toString();
  return Math.max(
    0,
    ...text
      .split('\n')
      .map((line) => parseFloat(line))
      .filter(Number.isFinite),
  );
}

test('a member records the meeting to this computer: a playable VP9 WebM as long as the recording, with sound', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const adaAccount = await registeredUser(request, 'Ada');
  const conferenceId = await createMeeting(request, adaAccount.token, 'Design review');
  const ada = await participant(browser, adaAccount.token);
  // A browser without the File System Access API: the recording comes as a download.
  await ada.context.addInitScript(() => {
    delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  const bo = await participant(browser);
  await ada.room.joinThroughUi(conferenceId, 'Ada');
  await bo.room.joinThroughUi(conferenceId, 'Bo');
  const page = ada.room.page;
  const boId = await bo.room.userId();
  await ada.room.expectVideoPlaying(boId);

  const button = page.getByTestId('local-record-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await button.click();
  await expect(button).toHaveAttribute('data-state', 'recording');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const started = Date.now();
  await page.waitForTimeout(6000);
  const download = page.waitForEvent('download');
  await button.click();
  const ranMs = Date.now() - started;
  await expect(button).toHaveAttribute('data-state', 'stopping');
  const file = await download;
  await expect(button).toHaveAttribute('data-state', 'idle');

  expect(file.suggestedFilename()).toMatch(
    new RegExp(
      `^\\d{4}-\\d{2}-\\d{2} \\d{2}\\.\\d{2}\\.\\d{2} Design review ${conferenceId} ${conferenceId}_01\\.webm$`,
    ),
  );
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'meet-local-')), 'recording.webm');
  await file.saveAs(saved);
  const info = probe(saved);
  const video = info.streams.find((s) => s.codec_type === 'video');
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  expect(video).toMatchObject({ codec_name: 'vp9', width: 1280, height: 720 });
  expect(audio).toMatchObject({ codec_name: 'opus' });
  const seconds = decodedSeconds(saved);
  console.log(`recorded ${ranMs} ms, the file plays ${seconds.toFixed(2)} s`);
  // From the click to the stop, plus the 1 s the finish waits for the last data.
  expect(seconds).toBeGreaterThan(ranMs / 1000 - 1);
  expect(seconds).toBeLessThan(ranMs / 1000 + 2.5);
  await expect(page.getByText(/Recording saved/)).toBeVisible();

  for (const p of [ada, bo]) await p.context.close();
});
