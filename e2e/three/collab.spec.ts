/**
 * A host and two members working together in one meeting, each in their own browser context:
 * chat with history after a reload, a raised hand approved, transfer of the host role, mute all,
 * lock, waiting room (admit, deny with blocklist), kick and ending the meeting for everyone.
 * Cameras stay off to keep three browsers light; the microphones are real fake devices.
 */
import { expect, test } from '@playwright/test';
import { callApi } from '../support/api';
import { createMeeting, registeredUser, participant } from '../support/room';

test.describe.configure({ mode: 'serial' });
test.setTimeout(150_000);

test('chat both ways with history after a reload, a raised hand approved, host transferred, mute all, end for all', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hana');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Team talk');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  const cy = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hana', { camera: false });
  // The host is greeted as host two seconds after joining (for a few seconds only).
  await expect(host.room.page.getByTestId('host-message')).toBeVisible();
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false, mic: false });
  await cy.room.joinThroughUi(conferenceId, 'Cy', { camera: false });
  const boId = await bo.room.userId();
  const cyId = await cy.room.userId();

  // Chat both ways; markup arrives as text, and a closed chat counts unread messages.
  await bo.room.openPanel('chat');
  await bo.room.sendChat('Hello from Bo <b>not bold</b>');
  await expect(cy.room.page.getByTestId('chat-unread')).toHaveText('1');
  await host.room.openPanel('chat');
  const fromBo = host.room.page.getByTestId('chat-message').filter({ hasText: 'Hello from Bo' });
  await expect(fromBo).toHaveAttribute('data-sender-id', boId);
  await expect(fromBo).toContainText('<b>not bold</b>');
  await expect(fromBo.locator('b')).toHaveCount(0);
  await host.room.sendChat('Welcome, Bo');
  await expect(
    bo.room.page.getByTestId('chat-message').filter({ hasText: 'Welcome, Bo' }),
  ).toHaveAttribute('data-sender-id', String(hostAccount.userId));
  // An address is a link that opens apart from the meeting; no other scheme is (issue 30).
  await host.room.sendChat('Agenda: https://example.com/plan, not javascript:alert(1)');
  const agenda = bo.room.page.getByTestId('chat-message').filter({ hasText: 'Agenda' });
  await expect(agenda.getByRole('link')).toHaveCount(1);
  await expect(agenda.getByRole('link', { name: 'https://example.com/plan' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );

  // Cy reloads, is straight back in the room (issue 29) and finds the whole conversation.
  await cy.room.page.reload();
  await cy.room.backAfterReload(conferenceId);
  await expect(cy.room.page.getByTestId('toggle-camera')).toHaveAttribute('aria-pressed', 'false');
  await cy.room.openPanel('chat');
  await expect(cy.room.page.getByTestId('chat-message')).toHaveText([
    /Hello from Bo <b>not bold<\/b>/,
    /Welcome, Bo/,
    /Agenda: https:\/\/example.com\/plan/,
  ]);

  // Bo raises a hand; the host approves it and Bo's microphone turns on.
  await expect(bo.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  await bo.room.page.getByTestId('raise-hand').click();
  await host.room.openPanel('members');
  const boRow = host.room.memberRow(boId);
  await expect(boRow.getByTestId('hand-state')).toHaveAttribute('data-hand', '1');
  await boRow.getByTestId('hand-approve').click();
  await expect(bo.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'true');
  await expect(host.room.tile(boId)).toHaveAttribute('data-audio', 'on');
  await expect(bo.room.page.getByTestId('raise-hand')).toHaveAttribute('aria-pressed', 'false');

  // The host hands the role to Bo: Bo mutes everyone, Hana no longer can.
  await host.room.memberAction(boId, 'member-make-host');
  await host.room.page
    .getByRole('dialog')
    .getByRole('button', { name: /make host|confirm|ok/i })
    .click();
  await expect(host.room.page.getByTestId('panel-tab-controls')).toHaveCount(0);
  await bo.room.openPanel('controls');
  await bo.room.page.getByTestId('mute-all').click();
  for (const p of [host, cy]) {
    await expect(p.room.page.getByTestId('toggle-mic')).toHaveAttribute('aria-pressed', 'false');
  }
  await expect(bo.room.tile(cyId)).toHaveAttribute('data-audio', 'off');
  const refused = await callApi(
    request,
    'conference/set',
    {
      conferenceId,
      setContent: JSON.stringify({ ext: { ext_type: 'conf_mute', ext_value: '0' } }),
    },
    hostAccount.token,
  );
  expect(refused.code).not.toBe(0);

  // Bo ends the meeting for everyone.
  await bo.room.page.getByTestId('end-meeting').click();
  await bo.room.page.getByTestId('end-for-all').click();
  // Everyone else gets the end screen: who ended it, the rating, and no way back in.
  for (const p of [host, cy]) {
    const end = p.room.page.getByTestId('end-screen');
    await expect(end).toHaveAttribute('data-reason', 'ended');
    await expect(end).toContainText('The meeting has ended');
    await expect(end).toContainText('Bo ended the meeting for everyone');
    await expect(end.getByTestId('rating-star-5')).toBeVisible();
    await expect(end.getByTestId('end-rejoin')).toHaveCount(0);
  }
  await cy.room.page.getByTestId('rating-star-4').click();
  await cy.room.page.getByTestId('rating-submit').click();
  await expect(cy.room.page.getByTestId('rating-thanks')).toBeVisible();
  const info = await callApi<{ status: number }>(request, 'conference/conferenceInfo', {
    conferenceId,
  });
  expect(info.payload.status).toBe(3);

  for (const p of [host, bo, cy]) await p.context.close();
});

test('lock, waiting room with admit and a blocklisted deny, and a kicked member who cannot return', async ({
  browser,
  request,
}) => {
  const hostAccount = await registeredUser(request, 'Hugo');
  const conferenceId = await createMeeting(request, hostAccount.token, 'Gatekeeping');
  const host = await participant(browser, hostAccount.token);
  const bo = await participant(browser);
  const cy = await participant(browser);
  const dee = await participant(browser);
  await host.room.joinThroughUi(conferenceId, 'Hugo', { camera: false });
  await bo.room.joinThroughUi(conferenceId, 'Bo', { camera: false });
  const boId = await bo.room.userId();

  // Locked: a new joiner gets the lock box with a single OK.
  await host.room.openPanel('controls');
  await host.room.page.locator('input[name="lockRoom"]').check();
  await cy.room.askToJoin(conferenceId, 'Cy');
  const lockBox = cy.room.page.getByRole('dialog', { name: 'Meeting is locked' });
  await expect(lockBox).toBeVisible();
  await lockBox.getByRole('button', { name: 'OK' }).click();
  await host.room.page.locator('input[name="lockRoom"]').uncheck();

  // Waiting room: Cy waits, the host admits, Cy is in.
  await host.room.page.locator('input[name="waitingRoom"]').check();
  await cy.room.askToJoin(conferenceId, 'Cy');
  await expect(cy.room.page.getByTestId('waiting-room')).toBeVisible();
  const cyId = await cy.room.userId();
  await host.room.openPanel('waiting');
  const cyWaiting = host.room.page.locator(`[data-waiting-user-id="${cyId}"]`);
  await cyWaiting.getByTestId('waiting-admit').click();
  // Admission is the join: straight into the room, no second "Join now".
  await cy.room.page.waitForURL(`**/meeting/${conferenceId}`);
  await expect(cy.room.connectionState()).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await expect(cy.room.page.getByRole('button', { name: /join now/i })).toHaveCount(0);
  await expect(host.room.tile(cyId)).toHaveCount(1);
  await expect(cyWaiting).toHaveCount(0);

  // Denied: Dee sees why and may ask again; denied with the blocklist, Dee is not offered that.
  await dee.room.askToJoin(conferenceId, 'Dee');
  await expect(dee.room.page.getByTestId('waiting-room')).toBeVisible();
  const deeId = await dee.room.userId();
  const deny = async (blocklist: boolean) => {
    await host.room.page
      .locator(`[data-waiting-user-id="${deeId}"]`)
      .getByTestId('waiting-deny')
      .click();
    if (blocklist) await host.room.page.locator('input[name="addToBlackList"]').check();
    await host.room.page.getByTestId('waiting-deny-confirm').click();
  };
  await deny(false);
  const deeEnd = dee.room.page.getByTestId('end-screen');
  await expect(deeEnd).toHaveAttribute('data-reason', 'denied');
  await expect(deeEnd).toContainText('The host did not let you in');
  await deeEnd.getByTestId('end-rejoin').click();
  await expect(dee.room.page.getByTestId('waiting-room')).toBeVisible();
  await deny(true);
  await expect(deeEnd).toHaveAttribute('data-reason', 'blocked');
  await expect(deeEnd.getByTestId('end-rejoin')).toHaveCount(0);
  await expect(dee.room.page.getByTestId('waiting-room')).toHaveCount(0);
  await dee.room.askToJoin(conferenceId, 'Dee');
  await expect(dee.room.page.getByText('You have been kicked out')).toBeVisible();
  await expect(dee.room.page.getByTestId('waiting-room')).toHaveCount(0);

  // Kicked: Bo sees the removal text and cannot rejoin.
  await host.room.openPanel('members');
  await host.room.memberAction(boId, 'member-remove');
  await host.room.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  const boEnd = bo.room.page.getByTestId('end-screen');
  await expect(boEnd).toHaveAttribute('data-reason', 'kicked');
  await expect(boEnd).toContainText('You have been kicked out');
  await expect(boEnd.getByTestId('end-rejoin')).toHaveCount(0);
  await expect(host.room.tile(boId)).toHaveCount(0);
  await bo.room.askToJoin(conferenceId, 'Bo');
  await expect(bo.room.page.getByText('You have been kicked out').first()).toBeVisible();
  await expect(bo.room.page).not.toHaveURL(new RegExp(`/meeting/${conferenceId}`));

  for (const p of [host, bo, cy, dee]) await p.context.close();
});
