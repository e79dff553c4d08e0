/**
 * Polls API, the host's side of a poll's life: editing before launch, listing and opening polls
 * (who sees drafts, outsiders, Home's lists), launching and stopping (0 → 1 → 2, host only),
 * and deleting.
 */
import { describe, expect, test } from 'vitest';
import { answers, twoQuestions, usePollFixture } from './poll-fixture.js';

const f = usePollFixture();

describe('update', () => {
  test('the host edits a poll before launch; voteId beside or inside voteList', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    const edited = {
      title: 'Dinner',
      anonymous: 1,
      questions: [{ title: 'When?', type: 1, options: [{ optionDesc: '6' }, { optionDesc: '7' }] }],
    };
    const res = await f.t.post(
      '/api/vote/update',
      { conferenceUri: m.conferenceUri, voteId, voteList: JSON.stringify(edited) },
      f.host,
    );
    expect(res.json().payload).toMatchObject({ voteId, title: 'Dinner', anonymous: 1 });
    expect(res.json().payload.questions).toHaveLength(1);
    const inside = await f.t.post(
      '/api/vote/update',
      { conferenceUri: m.conferenceUri, voteList: JSON.stringify({ ...edited, voteId }) },
      f.host,
    );
    expect(inside.json().code).toBe(0);
    const got = await f.call('get', voteId);
    expect(got.json().payload).toMatchObject({ title: 'Dinner', anonymous: 1 });
  });

  test('refused to members, without a voteId, for another meeting, and after launch', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    const body = { conferenceUri: m.conferenceUri, voteId, voteList: twoQuestions };
    expect((await f.t.post('/api/vote/update', body, f.ann)).statusCode).toBe(403);
    const noId = await f.t.post('/api/vote/update', { ...body, voteId: undefined }, f.host);
    expect(noId.json()).toMatchObject({ code: -1, msg: 'voteId is required' });
    const other = await f.meeting([]);
    const elsewhere = await f.t.post(
      '/api/vote/update',
      { ...body, conferenceUri: other.conferenceUri },
      f.host,
    );
    expect(elsewhere.json().code).toBe(4050);
    await f.call('launch', voteId);
    const late = await f.t.post('/api/vote/update', body, f.host);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('A poll can only be edited before it is launched');
  });

  test('the edit is validated like a new poll', async () => {
    const m = await f.meeting([]);
    const voteId = await f.create(m);
    const res = await f.t.post(
      '/api/vote/update',
      { conferenceUri: m.conferenceUri, voteId, voteList: { ...twoQuestions, title: ' ' } },
      f.host,
    );
    expect(res.json().msg).toBe('Please fill in the poll completely');
  });
});

describe('list, get and result', () => {
  test('the host lists every poll in creation order; members see launched ones with their joined flag', async () => {
    const m = await f.meeting();
    const first = await f.create(m);
    const draft = await f.create(m, { ...twoQuestions, title: 'Draft' });
    const third = await f.create(m, { ...twoQuestions, title: 'Third' });
    await f.call('launch', first);
    await f.call('launch', third);
    await f.call('stop', third);
    await f.vote(m, first, answers(1, [1]), f.ann);
    const forAnn = await f.t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, f.ann);
    expect(forAnn.json().payload).toMatchObject([
      { voteId: first, status: 1, joined: 1, votesNumbers: 1, isHost: false },
      { voteId: third, title: 'Third', status: 2, joined: 0, votesNumbers: 0 },
    ]);
    expect(forAnn.json().payload).toHaveLength(2);
    const forHost = await f.t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, f.host);
    expect(forHost.json().payload).toMatchObject([
      { voteId: first, joined: 0, isHost: true },
      { voteId: draft, title: 'Draft', status: 0 },
      { voteId: third },
    ]);
  });

  test("a draft (not launched) is the host's: to a member it does not exist", async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    expect((await f.call('get', voteId, f.ann)).json().code).toBe(4050);
    expect((await f.call('get', voteId)).json().payload).toMatchObject({ voteId, status: 0 });
    await f.call('launch', voteId);
    expect((await f.call('get', voteId, f.ann)).json().payload).toMatchObject({
      voteId,
      status: 1,
    });
  });

  test('someone who never took part cannot list or open the polls', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    const list = await f.t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, f.outsider);
    expect(list.statusCode).toBe(403);
    expect(list.json().msg).toBe('You are not in this meeting');
    expect((await f.call('get', voteId, f.outsider)).statusCode).toBe(403);
  });

  test('after the meeting ends, its creator lists from Home and a running poll is ended', async () => {
    const m = await f.meeting([f.ann]);
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    await f.vote(m, voteId, answers(2, [3]), f.ann);
    await f.quit(f.ann, m.conferenceId);
    await f.quit(f.host, m.conferenceId);
    const list = await f.t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, f.host);
    expect(list.json().payload).toMatchObject([
      { voteId, status: 2, isHost: true, votesNumbers: 1 },
    ]);
    expect(list.json().payload[0].endTime).toEqual(expect.any(Number));
    const forAnn = await f.t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, f.ann);
    expect(forAnn.json().payload).toMatchObject([{ voteId, joined: 1, isHost: false }]);
  });

  test("Home's meeting lists carry the polls each user may see", async () => {
    const m = await f.meeting([f.ann]);
    const draft = await f.create(m);
    const launched = await f.create(m);
    await f.call('launch', launched);
    const itemOf = async (path: string, token: string) =>
      (await f.t.post(`/api/conference/${path}`, {}, token))
        .json()
        .payload.find((i: { meetingId: string }) => i.meetingId === m.conferenceId);
    const forHost = await itemOf('getMyRunningConferenceList', f.host);
    expect(forHost.voteList.map((p: { voteId: number }) => p.voteId)).toEqual([draft, launched]);
    const forAnn = await itemOf('getMyRunningConferenceList', f.ann);
    expect(forAnn.voteList.map((p: { voteId: number }) => p.voteId)).toEqual([launched]);
    await f.quit(f.ann, m.conferenceId);
    await f.quit(f.host, m.conferenceId);
    const finished = await itemOf('v2/getMyFinishedConferenceList', f.host);
    expect(finished.voteList).toHaveLength(2);
  });

  test('an unknown poll is 4050 "The poll no longer exists"', async () => {
    for (const path of ['get', 'result', 'launch', 'stop', 'delete', 'publishResult', 'export']) {
      const res = await f.call(path, 987654);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 4050, msg: 'The poll no longer exists' });
    }
  });

  test('a voteId that is not a number is a 400', async () => {
    const res = await f.t.post('/api/vote/get', { voteId: 'abc' }, f.host);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('voteId is not valid');
  });
});

describe('launch and stop: 0 → 1 → 2, forward only, host only', () => {
  test('the host launches and stops; times are kept', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    const launched = await f.call('launch', voteId);
    expect(launched.json().payload).toMatchObject({ status: 1, startTime: f.t.clock.now() });
    f.t.clock.advance(60_000);
    const stopped = await f.call('stop', voteId);
    expect(stopped.json().payload).toMatchObject({ status: 2, endTime: f.t.clock.now() });
  });

  test.each([
    ['launch twice', ['launch'], 'launch', 'The poll has already been launched'],
    ['stop before launch', [], 'stop', 'The poll is not in progress'],
    ['stop twice', ['launch', 'stop'], 'stop', 'The poll is not in progress'],
    ['launch after stop', ['launch', 'stop'], 'launch', 'The poll has already been launched'],
    [
      'publish while running',
      ['launch'],
      'publishResult',
      'Results can be shared or hidden only after the poll has ended',
    ],
    [
      'hide before launch',
      [],
      'unPublishResult',
      'Results can be shared or hidden only after the poll has ended',
    ],
  ])('%s is refused (409)', async (_name, before, action, message) => {
    const m = await f.meeting([]);
    const voteId = await f.create(m);
    for (const step of before) expect((await f.call(step, voteId)).json().code).toBe(0);
    const res = await f.call(action, voteId);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(message);
  });

  test.each(['launch', 'stop', 'delete', 'publishResult', 'unPublishResult', 'export'])(
    'a member cannot %s (403)',
    async (action) => {
      const m = await f.meeting();
      const voteId = await f.create(m);
      if (action !== 'launch') await f.call('launch', voteId);
      if (action.includes('ublish')) await f.call('stop', voteId);
      const res = await f.call(action, voteId, f.ann);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Only the host can do this');
    },
  );

  test('a new host takes over the polls and the former one loses them', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    const annId = (await f.t.post('/api/user/getUserInfo', {}, f.ann)).json().payload.userId;
    const { conferenceService } = f.t.app;
    await conferenceService.setHost(await conferenceService.get(m.conferenceId), annId);
    expect((await f.call('launch', voteId, f.host)).statusCode).toBe(403);
    expect((await f.call('launch', voteId, f.ann)).json().code).toBe(0);
  });
});

describe('delete', () => {
  test.each([
    ['not launched', []],
    ['in progress', ['launch']],
    ['ended', ['launch', 'stop']],
  ])('a poll %s can be deleted; then it is 4050 for everyone', async (_name, steps) => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    for (const step of steps) await f.call(step, voteId);
    if (steps.length === 1) await f.vote(m, voteId, answers(1, [1]), f.ann);
    expect((await f.call('delete', voteId)).json()).toMatchObject({ code: 0, payload: null });
    expect((await f.call('get', voteId, f.ann)).json().code).toBe(4050);
    expect((await f.vote(m, voteId, answers(1, [1]), f.bob)).json().code).toBe(4050);
    expect((await f.call('delete', voteId)).json().code).toBe(4050);
    const list = await f.t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, f.host);
    expect(list.json().payload).toEqual([]);
  });
});
