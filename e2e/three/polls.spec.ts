/**
 * A poll from start to download with a host and two members, each in their own browser: the
 * host writes a two-question poll (single and multiple choice) and launches it, both members
 * vote, the host sees the counts live, ends the poll, shares the results and hides them again,
 * and downloads the xlsx from Home after the meeting. Members cannot launch or delete, neither
 * in the UI nor through the API.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { callApi } from '../support/api';
import { createMeeting, registeredUser, participant } from '../support/room';

test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

/** The poll dialog (its footer buttons included), not a confirm box above it. */
function pollsDialog(page: Page) {
  return page.getByRole('dialog').filter({ has: page.getByTestId('polls-dialog') });
}

async function openPolls(page: Page) {
  await page.getByTestId('more-apps').click();
  await page.getByTestId('open-polls').click();
  await expect(pollsDialog(page)).toBeVisible();
}

async function fillQuestion(page: Page, index: number, title: string, options: string[]) {
  const question = pollsDialog(page).getByTestId('poll-question').nth(index);
  await question.locator('textarea[name="questionTitle"]').fill(title);
  for (let i = 2; i < options.length; i++) await question.getByTestId('add-option').click();
  const inputs = question.locator('input[name="optionDesc"]');
  await expect(inputs).toHaveCount(options.length);
  for (const [i, text] of options.entries()) await inputs.nth(i).fill(text);
  return question;
}

test('a two-question poll: launched, voted, counted live, ended, shared, hidden and downloaded', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Planning poll');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  const cy = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false, mic: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false, mic: false });
  await cy.room.joinThroughUi(conferenceId, 'Cy', { camera: false, mic: false });

  // The host writes the poll: a single-choice and a multiple-choice question.
  const hp = host.room.page;
  await openPolls(hp);
  await pollsDialog(hp).getByTestId('poll-new').click();
  await pollsDialog(hp).locator('textarea[name="pollTitle"]').fill('Release plan');
  await fillQuestion(hp, 0, 'Ship on Friday?', ['Yes', 'No']);
  await pollsDialog(hp).getByTestId('add-question').click();
  const second = await fillQuestion(hp, 1, 'Which areas need more tests?', [
    'Audio',
    'Video',
    'Chat',
  ]);
  await second.locator('select[name="questionType"]').selectOption('1');
  await pollsDialog(hp).getByTestId('poll-save').click();
  const item = pollsDialog(hp).getByTestId('poll-item').filter({ hasText: 'Release plan' });
  await item.click();
  await pollsDialog(hp).getByTestId('poll-launch').click();
  await expect(pollsDialog(hp).getByTestId('poll-stop')).toBeVisible();

  // Both members see a poll waiting for them and vote; an incomplete ballot is refused.
  for (const [p, answers] of [
    [bo, ['Yes', 'Audio', 'Video']],
    [cy, ['No', 'Video']],
  ] as const) {
    const page = p.room.page;
    await expect(page.getByTestId('more-apps-dot')).toBeVisible();
    // Every member is asked, visibly (issue 30): Cy votes from the prompt, Bo from More apps.
    await expect(page.getByTestId('poll-prompt')).toContainText('Release plan');
    if (p === cy) await page.getByTestId('poll-prompt-vote').click();
    else await openPolls(page);
    await expect(page.getByTestId('poll-prompt')).toHaveCount(0);
    await expect(page.getByTestId('polls-badge')).toHaveCount(0); // the popover closed
    await expect(pollsDialog(page).getByTestId('poll-launch')).toHaveCount(0);
    await expect(pollsDialog(page).getByTestId('poll-delete')).toHaveCount(0);
    const ballot = pollsDialog(page).getByTestId('poll-ballot');
    if (!(await ballot.isVisible())) {
      await pollsDialog(page).getByTestId('poll-item').filter({ hasText: 'Release plan' }).click();
    }
    await expect(ballot).toBeVisible();
    await ballot.getByLabel(answers[0], { exact: true }).check();
    if (p === bo) {
      await pollsDialog(page).getByTestId('poll-submit').click();
      await expect(page.getByText('You still have unanswered questions')).toBeVisible();
    }
    for (const answer of answers.slice(1)) await ballot.getByLabel(answer, { exact: true }).check();
    await pollsDialog(page).getByTestId('poll-submit').click();
    // Results are not shared yet: members see no counts.
    await expect(pollsDialog(page).getByTestId('poll-result-hidden')).toBeVisible();
    await expect(pollsDialog(page).getByTestId('poll-result-count')).toHaveCount(0);
  }

  // The host sees the counts as they come in.
  const hostRow = (text: string) =>
    pollsDialog(hp).getByTestId('poll-result-option').filter({ hasText: text });
  await expect(pollsDialog(hp).getByTestId('poll-participants')).toContainText('2');
  await expect(hostRow('Video').getByTestId('poll-result-count')).toHaveText(/2/);
  await expect(hostRow('Video').getByTestId('poll-result-percent')).toHaveText('100.0%');
  await expect(hostRow('Yes').getByTestId('poll-result-percent')).toHaveText('50.0%');
  // Under 1% takes two decimals (SPEC.md section 5), zero included.
  await expect(hostRow('Chat').getByTestId('poll-result-percent')).toHaveText('0.00%');

  // A member cannot launch or delete through the API either.
  const boToken = await bo.room.page.evaluate(() => localStorage.getItem('token') ?? '');
  const list = await callApi<{ voteId: number }[] | { list: { voteId: number }[] }>(
    request,
    'vote/list',
    { conferenceUri: await conferenceUriOf(hp) },
    hostAccount.token,
  );
  const polls = Array.isArray(list.payload) ? list.payload : list.payload.list;
  const voteId = polls[0]!.voteId;
  for (const call of ['vote/launch', 'vote/stop', 'vote/delete', 'vote/publishResult']) {
    const refused = await callApi(request, call, { voteId }, boToken);
    expect(refused.code, call).not.toBe(0);
  }

  // The host ends the poll and shares the results; the members see them, then no longer.
  await pollsDialog(hp).getByTestId('poll-stop').click();
  await hp.getByTestId('poll-confirm-yes').click();
  await pollsDialog(hp).getByTestId('poll-publish').click();
  for (const p of [bo, cy]) {
    const row = pollsDialog(p.room.page)
      .getByTestId('poll-result-option')
      .filter({ hasText: 'Yes' });
    await expect(row.getByTestId('poll-result-percent')).toHaveText('50.0%');
  }
  await pollsDialog(hp).getByTestId('poll-unpublish').click();
  for (const p of [bo, cy]) {
    await expect(pollsDialog(p.room.page).getByTestId('poll-result-hidden')).toBeVisible();
    await expect(pollsDialog(p.room.page).getByTestId('poll-result-count')).toHaveCount(0);
  }

  // After the meeting the host downloads the xlsx from Home.
  await hp.keyboard.press('Escape');
  await hp.getByTestId('leave').click();
  await hp.getByTestId('end-for-all').click();
  await hp.goto('/home/meetings');
  const finished = hp.getByTestId('finished-list').locator(`[data-meeting-id="${conferenceId}"]`);
  await finished.getByTestId('meeting-polls').click();
  await pollsDialog(hp).getByTestId('poll-item').filter({ hasText: 'Release plan' }).click();
  const [download] = await Promise.all([
    hp.waitForEvent('download'),
    pollsDialog(hp).getByTestId('poll-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe('Release plan.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())).buffer as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(2);
  const cells = workbook.worksheets[1]!.getSheetValues().flat().map(String).join(' | ');
  expect(cells).toContain('Which areas need more tests?');
  expect(cells).toContain('Video');
  expect(cells).toMatch(/Bo/);

  for (const p of [host, bo, cy]) await p.context.close();
});

async function conferenceUriOf(page: Page): Promise<string> {
  const id = /\/meeting\/(\d+)/.exec(page.url())![1]!;
  return page.evaluate(async (conferenceId) => {
    const res = await fetch('/api/conference/conferenceInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conferenceId }),
    });
    return (await res.json()).payload.conferenceUri as string;
  }, id);
}
