/**
 * Starting a meeting with a profile name longer than a meeting name may be, and what comes
 * after a meeting: the end screen for someone who left, with the rating and a Rejoin that
 * brings them back in.
 */
import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { participant, registeredUser } from '../support/room';

test.setTimeout(90_000);

test('a 45-character profile name starts a meeting under its first 30 characters with a notice, and no half-made meeting is left on Home', async ({
  browser,
  request,
}) => {
  const longName = 'Alexandra Konstantinopoulou-Fitzgerald Smythe';
  expect(longName).toHaveLength(45);
  const account = await registeredUser(request, longName);
  const host = await participant(browser, account.token);
  const { page } = host.room;
  await page.goto('/home/meetings');
  await page.getByRole('button', { name: 'New meeting' }).click();
  const shortName = longName.slice(0, 30).trimEnd();
  await expect(page.getByText(`in meetings you appear as "${shortName}"`)).toBeVisible();
  await page.waitForURL('**/meeting/*');
  await host.room.joinFromPrejoin({ camera: false });
  const conferenceId = page.url().split('/meeting/')[1]!;

  await host.room.openPanel('members');
  await expect(host.room.memberRow(account.userId)).toContainText(shortName);
  const running = await callApi<{ meetingId: string }[]>(
    request,
    'conference/getMyRunningConferenceList',
    {},
    account.token,
  );
  expect(running.payload.map((m) => m.meetingId)).toEqual([conferenceId]);
  await host.context.close();
});

test('someone who leaves gets the end screen with the rating and Rejoin, which brings them back into the meeting', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const created = await callApi<{ conferenceId: string }>(
    request,
    'conference/createConference',
    { topic: 'Catch-up' },
    hostAccount.token,
  );
  const conferenceId = created.payload.conferenceId;
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const boId = await bo.room.userId();

  await bo.room.page.getByTestId('leave').click();
  const end = bo.room.page.getByTestId('end-screen');
  await expect(end).toHaveAttribute('data-reason', 'left');
  await expect(end).toContainText('You left the meeting');
  await expect(host.room.tile(boId)).toHaveCount(0);
  await end.getByTestId('rating-star-5').click();
  await end.getByTestId('rating-submit').click();
  await expect(end.getByTestId('rating-thanks')).toBeVisible();

  await end.getByTestId('end-rejoin').click();
  await bo.room.joinFromPrejoin({ camera: false });
  await expect(host.room.tile(boId)).toHaveCount(1);
  for (const p of [host, bo]) await p.context.close();
});
