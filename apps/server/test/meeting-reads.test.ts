/**
 * What a meeting's members read — its transcript, its creator's credits, its polls — goes
 * through the one read rule (meetingAccess): a member the host removed (`kick_member`) reads
 * none of it any more, during the meeting or after, while the others still do.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import {
  createMeeting,
  joinApi,
  registered,
  visitor,
  type Account,
  type Meeting,
} from './room-members.js';

let t: TestApp;
let m: Meeting;
let kicked: Account;
let stays: Account;

beforeAll(async () => {
  t = await build();
  m = await createMeeting(t);
  expect((await joinApi(t, m.hostToken, m.id, 'host')).json().code).toBe(0);
  kicked = await visitor(t);
  stays = await registered(t);
  expect((await joinApi(t, kicked.token, m.id, 'kicked')).json().code).toBe(0);
  expect((await joinApi(t, stays.token, m.id, 'stays')).json().code).toBe(0);
  const conf = await t.app.conferences.byNumber(m.id);
  await t.app.captionsStore.addLine({
    conferenceId: conf!.id,
    speakerId: m.hostId,
    speakerName: 'Host',
    text: 'the plan for next quarter',
    language: 'en',
    engine: 'test',
    startTime: t.clock.now() + 1000,
    endTime: t.clock.now() + 2000,
  });
  const kick = await t.post(
    '/api/conference/set',
    {
      conferenceUri: m.uri,
      setContent: JSON.stringify({
        ext: { ext_type: 'kick_member', code_list: String(kicked.userId) },
      }),
    },
    m.hostToken,
  );
  expect(kick.json().code).toBe(0);
});
afterAll(() => t.close());

const reads: [string, string, object][] = [
  ['getTranscript', '/api/audio/getTranscript', {}],
  ['downloadTranscript', '/api/audio/downloadTranscript', { format: 'vtt' }],
  ['getCreatorEnergyPointInfo', '/api/energyPoint/getCreatorEnergyPointInfo', {}],
  ['vote/list', '/api/vote/list', {}],
];

const read = (path: string, body: object, token: string) =>
  t.post(path, { conferenceUri: m.uri, ...body }, token);

describe.each([
  ['while the meeting runs', false],
  ['after the meeting ended', true],
])('%s', (_when, ended) => {
  beforeAll(async () => {
    if (!ended) return;
    for (const [token, device] of [
      [stays.token, 'stays'],
      [m.hostToken, 'host'],
    ] as const) {
      const quit = await t.post(
        '/api/conference/quitConference',
        { conferenceId: m.id, deviceId: device },
        token,
      );
      expect(quit.json().code).toBe(0);
    }
  });

  test.each(reads)('%s: the removed member is refused (403 notInMeeting)', async (_n, path, b) => {
    const res = await read(path, b, kicked.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'notInMeeting', msg: 'You are not in this meeting' });
    expect(res.body).not.toContain('next quarter');
  });

  test.each(reads)('%s: a member who was not removed still reads it (200)', async (_n, path, b) => {
    const res = await read(path, b, stays.token);
    expect(res.statusCode).toBe(200);
    if (path.endsWith('Transcript')) expect(res.body).toContain('the plan for next quarter');
  });

  test('the creator too', async () => {
    for (const [, path, b] of reads)
      expect((await read(path, b, m.hostToken)).statusCode).toBe(200);
  });
});
