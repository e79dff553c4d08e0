/**
 * Shared setup of route-fuzz.test.ts: which routes are public on purpose, which refuse visitors
 * and which answer files; one app per test file with every rate limit out of the way and the
 * routes read from it; the accounts the pass calls with; and a meeting scene whose ids fill a
 * valid sample body for every route.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { build, registerUser, type TestApp } from './helper.js';
import { createMeeting, joinApi, registered, visitor, type Account } from './room-members.js';
import { sampleOf, type Samples } from './fuzz-schemas.js';
import { listRoutes, routeName, type FuzzCase, type Route } from './route-fuzz-cases.js';

/** Routes anyone may call without signing in. Anything else must answer 203 without a token. */
export const PUBLIC = new Set([
  'GET /healthz',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /calendar/:file', // a calendar subscription address: the token is the key
  'GET /calendar/meeting/:file', // "Add to calendar" for a meeting anyone with its number may join
  'GET /files/*',
  'GET /dev/mail', // the development mailbox (MAIL_OUTBOX_HTTP=1), answered to this machine only
  'GET /api/getTimestamp',
  'GET /api/getServerConfig',
  'POST /api/getServerConfig',
  'POST /api/tool/checkLimitRegion',
  'POST /api/user/generateEmailVerifyCode',
  'POST /api/user/verifyEmailCode',
  'POST /api/user/emailRegister',
  'POST /api/user/emailLogin',
  'POST /api/user/resetEmailPassword',
  'POST /api/user/visitorLogin',
  'POST /api/conference/conferenceInfo',
  'POST /api/conference/v2/conferenceInfo',
  // Other ways to sign in, and what Pro costs.
  'GET /dev/sms', // the development SMS outbox (MAIL_OUTBOX_HTTP=1), this machine only
  'POST /api/tool/send-sms',
  'POST /api/user/phone-login',
  'POST /api/user/signInMethods',
  'POST /api/user/google/start', // purpose "bind" needs a signed-in account (checked inside)
  'GET /api/user/google/callback',
  'POST /api/user/firebaseLogin',
  'POST /api/user/bindGoogle', // signed out: with the account's password
  'POST /api/user/upload-scan-info',
  'POST /api/user/get-scan-result',
  'POST /api/benefit/getBenefitByUserType',
  'POST /api/benefit/getBenefitByBenefitId',
  'POST /api/payment/stripe/webhook', // the payment provider's; its signature is the check
  // A recording's page opens without signing in (link scope; otherwise the teaser); its files
  // load by signed links.
  'POST /api/record/getRecordInfoByUUID',
  'GET /files/rec/:recordId/:kind',
]);

/** Routes a visitor account may not use. */
export const REAL_ACCOUNT_ONLY = new Set([
  'POST /api/conference/createConference',
  'POST /api/conference/reserve/create',
  'POST /api/conference/reserve/update',
  'POST /api/conference/reserve/delete',
  'POST /api/conference/reserve/list',
  'POST /api/user/getCalendarFeed',
  'POST /api/user/resetCalendarFeed',
  'POST /api/payment/stripe/createSubscribeSession',
  'POST /api/payment/stripe/paymentStatus',
  'POST /api/payment/stripe/customerPortal',
  'POST /api/user/scan-info',
  'POST /api/user/approve-scan',
  'POST /api/record/permission/apply', // the answer arrives in the message center, on Home
  'POST /api/user/report', // feedback comes from Home's avatar menu
  // Magic Cam: visitors use styles; only accounts publish, favourite and subscribe.
  'POST /api/magic/favoriteById',
  'POST /api/magic/freeStyle/publish',
  'POST /api/magic/freeStyle/favorite',
  'POST /api/magic/freeStyle/republish',
  'POST /api/magic/freeStyle/publish/retry',
  'POST /api/magic/freeStyle/cancel',
  'POST /api/magic/freeStyle/delete',
  'POST /api/magic/freeStyle/subscribe',
  'POST /api/magic/freeStyle/subscribe/cancel',
  'POST /api/magic/freeStyle/favorite/cancel',
]);

/** Routes whose success is not the JSON envelope (files, documents, the xlsx export). */
const RAW_FILES = new Set(['POST /api/vote/export', 'POST /api/audio/downloadTranscript']);
export const rawOnSuccess = (r: Route) => r.method === 'GET' || RAW_FILES.has(routeName(r));

/** Routes that end the session of the token they are called with. */
export const REVOKES_ITS_TOKEN = new Set(['POST /api/user/logout']);

/**
 * The operator's routes (`/admin/*`) take ADMIN_TOKEN instead of a sign-in token: they refuse
 * every user's token like a missing one, and are fuzzed with the operator's.
 */
export const ADMIN_TOKEN = 'fuzz-operator-token-0123456789abcdef';
export const isOperatorRoute = (name: string) => name.includes(' /admin/');

const HOUR = 3600_000;
const POLL = {
  title: 'Fuzz poll',
  anonymous: 0,
  questions: [{ title: 'Which?', type: 0, options: [{ optionDesc: 'A' }, { optionDesc: 'B' }] }],
};

/**
 * The app and its routes are there as soon as `useRouteFuzzFixture` resolves; the accounts and
 * samples are filled in by the beforeAll it registers, so read those inside tests only.
 */
export class RouteFuzzFixture {
  fuzzer!: Account;
  member!: Account;
  visitorToken!: string;
  revokedToken!: string;
  /** Sample values for body fields, for calls that change nothing. */
  samples: Samples = {};

  constructor(
    readonly t: TestApp,
    /** Every route of the app, read from it (route tree + OpenAPI document). */
    readonly routes: Route[],
  ) {}

  byName(name: string): Route {
    return this.routes.find((r) => routeName(r) === name)!;
  }

  /**
   * A route's scene is over: its meeting ends and its reservation goes, so however many routes
   * there are, the fuzzer stays within the per-account caps on open meetings and reservations.
   */
  async endScene(scene: Samples): Promise<void> {
    const { t, fuzzer } = this;
    const conf = await t.app.conferences.byNumber(String(scene.conferenceId));
    if (conf) await t.app.conferenceService.end(conf);
    // Gone already when the route was reserve/delete itself.
    await t.post(
      '/api/conference/reserve/delete',
      { conferenceId: scene['reserve.conferenceId'] },
      fuzzer.token,
    );
  }

  /**
   * A meeting of its own for a route: hosted by the fuzzer, with the fuzzer and a member in it, a
   * launched poll and a reservation; sample values for every body field point at it. Each route
   * gets its own, so a call that succeeds (quit, delete, stop…) does not change what others see.
   */
  async scene(): Promise<Samples> {
    const { t, fuzzer, member } = this;
    const meeting = await createMeeting(t, fuzzer);
    expect((await joinApi(t, fuzzer.token, meeting.id, 'fuzz-dev')).json().code).toBe(0);
    expect((await joinApi(t, member.token, meeting.id, 'member-dev')).json().code).toBe(0);
    const newPoll = async () => {
      const poll = await t.post(
        '/api/vote/create',
        { conferenceUri: meeting.uri, voteList: POLL },
        fuzzer.token,
      );
      return poll.json().payload.voteId as number;
    };
    const voteId = await newPoll();
    expect((await t.post('/api/vote/launch', { voteId }, fuzzer.token)).json().code).toBe(0);
    const now = t.clock.now();
    const reservation = await t.post(
      '/api/conference/reserve/create',
      { topic: 'Later', timezone: 'UTC', startTime: now + HOUR, endTime: now + 2 * HOUR },
      fuzzer.token,
    );
    return {
      email: 'fuzz@example.com',
      password: 'abc12345',
      code: '123456',
      uuid: 'fuzz-device-0001',
      accountId: 'fuzz-account',
      username: 'Fuzzer',
      topic: 'Fuzz topic',
      conferenceId: meeting.id,
      conferenceUri: meeting.uri,
      /** reserve/update and reserve/delete take the reservation. */
      'reserve.conferenceId': reservation.json().payload.conferenceId,
      /** vote/update and vote/launch take a poll not launched yet. */
      'draft.voteId': await newPoll(),
      deviceId: 'fuzz-dev',
      userConferenceName: 'Fuzzer',
      nickname: 'Fuzzer',
      voiceLanguage: 'en',
      timezone: 'UTC',
      startTime: now + HOUR,
      endTime: now + 2 * HOUR,
      voteId,
      score: 5,
      comment: 'fine',
      setContent: JSON.stringify({
        room: meeting.uri,
        ext: { ext_type: 'lock_room', ext_value: '0' },
      }),
      newHostCode: String(fuzzer.userId),
      userId: fuzzer.userId,
      userIdList: String(member.userId),
      codeList: String(member.userId),
      status: 0,
      memberAction: 0,
      addToBlackList: 0,
      page: 1,
      pageSize: 20,
      voteList: POLL,
      questions: [{ questionId: 1, select: [1] }],
      phone: '+15550100000',
      productId: 'pro-monthly',
      redirectUrl: 'http://localhost/home/meetings?payment=1',
      errorUrl: 'http://localhost/home/meetings?payment=1',
      returnUrl: 'http://localhost/home/meetings',
      benefitId: 'pro',
      /** client-log/report: a JSON string of entries (SPEC.md section 7). */
      log: JSON.stringify([{ logTime: now, eventType: 'fuzz', agent: 'web/3.10.3' }]),
    };
  }

  /** A valid body for a route, built from its schema and the sample values. */
  sampleBody(route: Route, samples = this.samples): unknown {
    if (!route.body) return undefined;
    const own = {
      ...(route.url.includes('/reserve/') ? { conferenceId: samples['reserve.conferenceId'] } : {}),
      ...(/\/vote\/(update|launch)$/.test(route.url) ? { voteId: samples['draft.voteId'] } : {}),
    };
    return sampleOf(route.body, { ...samples, ...own });
  }

  /** The valid sample body of a route as inject options (nothing for body-less routes). */
  validRequest(route: Route): FuzzCase['request'] {
    return route.method === 'GET'
      ? {}
      : {
          payload: JSON.stringify(this.sampleBody(route) ?? {}),
          headers: { 'content-type': 'application/json' },
        };
  }
}

/**
 * Starts the app and reads its routes (awaited at the test file's top level, since the tests
 * are one per route); signs the accounts up and builds the first scene before the file's tests;
 * closes the app after them.
 */
export async function useRouteFuzzFixture(): Promise<RouteFuzzFixture> {
  // This pass is about what inputs get back, not about how many: limits are out of its way.
  const t = await build({
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_TOKEN,
  });
  const f = new RouteFuzzFixture(t, await listRoutes(t.app));
  afterAll(() => t.close());
  beforeAll(async () => {
    const token = await registerUser(t, 'fuzz@example.com', 'abc12345');
    const userId = (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId;
    const revoked = await registered(t);
    expect((await t.post('/api/user/logout', {}, revoked.token)).json().code).toBe(0);
    f.fuzzer = { token, userId };
    f.member = await registered(t);
    f.visitorToken = (await visitor(t)).token;
    f.revokedToken = revoked.token;
    f.samples = await f.scene();
  });
  return f;
}
