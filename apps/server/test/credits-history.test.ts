/**
 * AI credits for every account (issue 30): a Basic user reads their balance
 * (`/energyPoint/getMyEnergyPointInfo`) and what spent it (`/energyPoint/getConsumeDetailRecord`:
 * feature, meeting, credits, minutes, time), newest first, a page at a time — their own charges
 * only, never another account's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNUP_AI_CREDITS, consumeDetailReply } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { createMeeting, registered, type Account } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

let serial = 0;
/** A charge as the meters make them (captions, interpretation, Magic Cam), on the real ledger. */
async function spend(user: Account, reason: string, credits: number, conferenceNumber?: string) {
  const conf = conferenceNumber ? await t.app.conferences.byNumber(conferenceNumber) : undefined;
  const outcome = await t.app.credits.charge({
    userId: user.userId,
    credits,
    reason,
    ...(conf ? { conferenceId: conf.id, minutes: 1 } : {}),
    chargeKey: `history-test:${++serial}`,
  });
  expect(outcome).toBe('charged');
  // Each charge a second apart, so "newest first" is a fact of the test.
  t.clock.advance(1000);
}

const history = (token: string, body: Record<string, unknown> = {}) =>
  t.post('/api/energyPoint/getConsumeDetailRecord', body, token);

describe('AI credit history', () => {
  test('a Basic user sees their balance and each charge (feature, meeting, credits, time), newest first, in pages', async () => {
    const ada = await registered(t);
    const info = (await t.post('/api/user/getUserInfo', {}, ada.token)).json().payload;
    expect(info.userType).toBe(1);
    const meeting = await createMeeting(t, ada);
    const start = t.clock.now();
    await spend(ada, 'translate', 1, meeting.id);
    await spend(ada, 'interpret', 2, meeting.id);
    await spend(ada, 'magicCam', 3);

    const balance = await t.post('/api/energyPoint/getMyEnergyPointInfo', {}, ada.token);
    expect(balance.json().payload.totalEnergyPoint).toBe(SIGNUP_AI_CREDITS - 6);

    const res = await history(ada.token);
    expect(res.json().code).toBe(0);
    const payload = consumeDetailReply.parse(res.json().payload);
    expect(payload.pageNum).toBe(1);
    expect(payload.list.map((r) => [r.feature, r.credits])).toEqual([
      ['magicCam', 3],
      ['interpret', 2],
      ['translate', 1],
    ]);
    expect(payload.list[1]).toMatchObject({
      conferenceId: meeting.id,
      conferenceName: 'Room',
      minutes: 1,
      time: start + 1000,
    });
    // Outside a meeting (Magic Cam on its own page) there is none; the sign-up gift is no charge.
    expect(payload.list[0]).toMatchObject({ conferenceId: null, conferenceName: null });

    const page2 = await history(ada.token, { pageNum: 2, pageSize: 2 });
    expect(page2.json().payload.list.map((r: { feature: string }) => r.feature)).toEqual([
      'translate',
    ]);
  });

  test("one account never sees another's charges", async () => {
    const ada = await registered(t);
    const bob = await registered(t);
    await spend(bob, 'magicCam', 5);
    expect((await history(ada.token)).json().payload.list).toEqual([]);
    const bobs = (await history(bob.token)).json().payload.list;
    expect(bobs).toHaveLength(1);
    await spend(ada, 'translate', 1);
    expect((await history(bob.token)).json().payload.list).toEqual(bobs);
    const balance = await t.post('/api/energyPoint/getMyEnergyPointInfo', {}, ada.token);
    expect(balance.json().payload.totalEnergyPoint).toBe(SIGNUP_AI_CREDITS - 1);
  });

  test('without a sign-in there is no history; paging outside the schema is refused', async () => {
    const anonymous = await t.post('/api/energyPoint/getConsumeDetailRecord', {});
    expect(anonymous.json().code).toBe(203);
    expect(anonymous.json().payload ?? null).toBeNull();
    const ada = await registered(t);
    for (const body of [{ pageSize: 101 }, { pageNum: 0 }, { pageNum: 'x' }]) {
      const res = await history(ada.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
