/**
 * AI credits: the balance moves only with a ledger row, a charge key is charged once, a charge
 * never takes a balance below zero — also with many charges of two meetings at once.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SIGNUP_AI_CREDITS } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { createMeeting, registered } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const credits = () => t.app.credits;
const ledgerSum = async (userId: number) => {
  const rows = await credits().spending(userId, 1, 1000);
  return rows.reduce((sum, r) => sum + r.delta, 0);
};

test('sign-up gives 60 credits, kept on the user and shown as energyPoint', async () => {
  const user = await registered(t);
  expect(await credits().balance(user.userId)).toBe(SIGNUP_AI_CREDITS);
  const info = await t.post('/api/user/getUserInfo', {}, user.token);
  expect(info.json().payload.energyPoint).toBe(SIGNUP_AI_CREDITS);
});

test('a charge takes credits once per key; the same key again changes nothing', async () => {
  const user = await registered(t);
  const charge = { userId: user.userId, credits: 2, reason: 'interpret', chargeKey: 'k1' };
  expect(await credits().charge(charge)).toBe('charged');
  expect(await credits().charge(charge)).toBe('alreadyCharged');
  expect(await credits().balance(user.userId)).toBe(SIGNUP_AI_CREDITS - 2);
  expect(await ledgerSum(user.userId)).toBe(-2);
});

test('a charge the balance does not cover is refused and leaves no trace', async () => {
  const user = await registered(t);
  expect(
    await credits().charge({
      userId: user.userId,
      credits: SIGNUP_AI_CREDITS + 1,
      reason: 'translate',
      chargeKey: `big-${user.userId}`,
    }),
  ).toBe('insufficient');
  expect(await credits().balance(user.userId)).toBe(SIGNUP_AI_CREDITS);
  expect(await ledgerSum(user.userId)).toBe(0);
  // The key was not used up: paying it later works.
  await credits().grant(user.userId, 10, 'refund');
  expect(
    await credits().charge({
      userId: user.userId,
      credits: SIGNUP_AI_CREDITS + 1,
      reason: 'translate',
      chargeKey: `big-${user.userId}`,
    }),
  ).toBe('charged');
  expect(await credits().balance(user.userId)).toBe(9);
});

test('two meetings spending at once never take the balance below zero, and every credit taken has its row', async () => {
  const creator = await registered(t);
  const a = await createMeeting(t, creator);
  const b = await createMeeting(t, creator);
  const rows = async (id: string) => (await t.app.conferences.byNumber(id))!.id;
  const [rowA, rowB] = [await rows(a.id), await rows(b.id)];
  // 2 credits a minute, 40 minutes in each meeting at once: 160 wanted, 60 there.
  const attempts = [rowA, rowB].flatMap((conferenceId) =>
    Array.from({ length: 40 }, (_, minute) =>
      credits().charge({
        userId: creator.userId,
        credits: 2,
        reason: 'interpret',
        conferenceId,
        minutes: 1,
        chargeKey: `interpret:${conferenceId}:${minute}`,
      }),
    ),
  );
  // Each minute also asked twice (a retry, another node): still charged once.
  const retries = Array.from({ length: 40 }, (_, minute) =>
    credits().charge({
      userId: creator.userId,
      credits: 2,
      reason: 'interpret',
      conferenceId: rowA,
      minutes: 1,
      chargeKey: `interpret:${rowA}:${minute}`,
    }),
  );
  const outcomes = await Promise.all([...attempts, ...retries]);
  const charged = outcomes.filter((o) => o === 'charged').length;
  expect(charged).toBe(SIGNUP_AI_CREDITS / 2);
  expect(await credits().balance(creator.userId)).toBe(0);
  expect(await ledgerSum(creator.userId)).toBe(-SIGNUP_AI_CREDITS);
  const usage = [
    ...(await credits().meetingUsage(rowA)).values(),
    ...(await credits().meetingUsage(rowB)).values(),
  ];
  expect(usage.reduce((sum, u) => sum + u.credits, 0)).toBe(SIGNUP_AI_CREDITS);
});
