/**
 * Sign-in tokens that go unused end sooner (issue 27): one unused for the idle time
 * (SESSION_IDLE_DAYS, 60 by default) is refused; each use moves that deadline, written at most
 * once an hour; however much it is used, a token still ends 365 days after it was issued
 * (SPEC.md section 9). Time moves on the test clock, never by sleeping.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions } from '../src/db/schema/index.js';
import { sha256 } from '../src/lib/crypto.js';
import { build, registerUser, type TestApp } from './helper.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let serial = 0;
const uniqueEmail = (name: string) => `${name}-${process.pid}-${++serial}@example.com`;

const infoCode = async (t: TestApp, token: string) =>
  (await t.post('/api/user/getUserInfo', {}, token)).json().code as number;

const deadlineOf = async (t: TestApp, token: string) => {
  const [row] = await t.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  return row!.expiresAt.getTime();
};

describe('with the default idle time (60 days)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  test('a token unused for 60 days is refused; one used the day before is not', async () => {
    const idle = await registerUser(t, uniqueEmail('idle'));
    const active = await registerUser(t, uniqueEmail('active'));
    // A month away (a monthly subscriber back at the period's end) is not enough to end it.
    t.clock.advance(32 * DAY);
    expect(await infoCode(t, active)).toBe(0);
    t.clock.advance(27 * DAY);
    expect(await infoCode(t, active)).toBe(0);
    t.clock.advance(DAY);
    expect(await infoCode(t, idle)).toBe(203);
    expect(await infoCode(t, active)).toBe(0);
  });

  test('a token used every 50 days lasts the full 365 days, and not a day more', async () => {
    const token = await registerUser(t, uniqueEmail('yearly'));
    let elapsed = 0;
    while (elapsed + 50 * DAY < 365 * DAY) {
      t.clock.advance(50 * DAY);
      elapsed += 50 * DAY;
      expect(await infoCode(t, token), `day ${elapsed / DAY}`).toBe(0);
    }
    t.clock.advance(365 * DAY - elapsed - HOUR);
    expect(await infoCode(t, token)).toBe(0);
    t.clock.advance(HOUR);
    expect(await infoCode(t, token)).toBe(203);
  });

  test('the deadline is written at most once an hour however often the token is used', async () => {
    const token = await registerUser(t, uniqueEmail('busy'));
    const issued = await deadlineOf(t, token);
    expect(issued).toBe(t.clock.now() + 60 * DAY);
    // Used every ten minutes (past the memory's 10 s each time): the row is left alone.
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10 * 60_000);
      expect(await infoCode(t, token)).toBe(0);
      expect(await deadlineOf(t, token)).toBe(issued);
    }
    t.clock.advance(10 * 60_000);
    expect(await infoCode(t, token)).toBe(0);
    expect(await deadlineOf(t, token)).toBe(t.clock.now() + 60 * DAY);
  });
});

describe('with SESSION_IDLE_DAYS=7', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ SESSION_IDLE_DAYS: '7' });
  });
  afterAll(() => t.close());

  test('a token unused for a week is refused', async () => {
    const unused = await registerUser(t, uniqueEmail('week'));
    const used = await registerUser(t, uniqueEmail('week-used'));
    t.clock.advance(7 * DAY - 1);
    expect(await infoCode(t, used)).toBe(0);
    t.clock.advance(1);
    expect(await infoCode(t, unused)).toBe(203);
    expect(await infoCode(t, used)).toBe(0);
  });

  test('a token issued with the old 365-day deadline gets the idle time when the server starts', async () => {
    const token = await registerUser(t, uniqueEmail('before'));
    // As issued before there was an idle time.
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now() + 365 * DAY) })
      .where(eq(sessions.tokenHash, sha256(token)));
    await t.restart();
    expect(await deadlineOf(t, token)).toBe(t.clock.now() + 7 * DAY);
    t.clock.advance(7 * DAY);
    expect(await infoCode(t, token)).toBe(203);
  });
});
