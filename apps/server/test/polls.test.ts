import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConferenceRow } from '../src/db/schema/index.js';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

let t: TestApp;
let host: string;
let ann: string;
let bob: string;
let outsider: string;
beforeAll(async () => {
  t = await build();
  host = await registerUser(t, 'poll-host@example.com');
  ann = await visitor('poll-ann-000000001');
  bob = await visitor('poll-bob-000000001');
  outsider = await visitor('poll-out-000000001');
});
afterAll(() => t.close());

async function visitor(uuid: string): Promise<string> {
  return (await t.post('/api/user/visitorLogin', { uuid, visitors: true })).json().payload.token;
}

interface Meeting {
  conferenceId: string;
  conferenceUri: string;
}

/** A running meeting the host created and joined, with Ann and Bob in it. */
async function meeting(members: string[] = [ann, bob]): Promise<Meeting> {
  const res = await t.post('/api/conference/createConference', { topic: 'Polls' }, host);
  const { conferenceId, conferenceUri } = res.json().payload;
  await join(host, conferenceId, 'Host');
  for (const [i, token] of members.entries()) await join(token, conferenceId, `Member ${i + 1}`);
  return { conferenceId, conferenceUri };
}

async function join(token: string, conferenceId: string, name: string, deviceId = 'dev-1') {
  const res = await t.post(
    '/api/conference/joinConference',
    { conferenceId, deviceId, userConferenceName: name, voiceLanguage: 'en' },
    token,
    { remoteAddress: randomIp() },
  );
  expect(res.json().code).toBe(0);
}

const quit = (token: string, conferenceId: string) =>
  t.post('/api/conference/quitConference', { conferenceId }, token);

const twoQuestions = {
  title: '  Team lunch  ',
  anonymous: 0,
  questions: [
    { title: 'Where?', type: 0, options: [{ optionDesc: ' Pizza ' }, { optionDesc: 'Salad' }] },
    {
      title: 'Which days?',
      type: 1,
      options: [{ optionDesc: 'Mon' }, { optionDesc: 'Tue' }, { optionDesc: 'Wed' }],
    },
  ],
};

async function create(m: Meeting, poll: object = twoQuestions, token = host): Promise<number> {
  const res = await t.post(
    '/api/vote/create',
    { conferenceUri: m.conferenceUri, voteList: JSON.stringify(poll) },
    token,
  );
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().payload.voteId;
}

const call = (path: string, voteId: number, token = host) =>
  t.post(`/api/vote/${path}`, { voteId }, token);

const vote = (m: Meeting, voteId: number, questions: unknown, token: string, nickname = 'Me') =>
  t.post(
    '/api/vote/participate',
    { conferenceUri: m.conferenceUri, voteId, nickname, questions: JSON.stringify(questions) },
    token,
  );

const answers = (where: number, days: number[]) => [
  { questionId: 1, select: [where] },
  { questionId: 2, select: days },
];

describe('create', () => {
  test('the host saves a poll: trimmed texts, ids 1..n, not launched, nobody voted', async () => {
    const m = await meeting();
    const res = await t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: JSON.stringify(twoQuestions) },
      host,
    );
    expect(res.statusCode).toBe(200);
    const poll = res.json().payload;
    expect(poll).toMatchObject({
      title: 'Team lunch',
      anonymous: 0,
      status: 0,
      joined: 0,
      votesNumbers: 0,
      resultPublished: 0,
      startTime: null,
      endTime: null,
      isHost: true,
      conferenceUri: m.conferenceUri,
      conferenceId: m.conferenceId,
    });
    expect(poll.questions).toEqual([
      {
        questionId: 1,
        title: 'Where?',
        type: 0,
        select: [],
        options: [
          { optionId: 1, optionDesc: 'Pizza', votesNumber: 0, percent: 0, members: [] },
          { optionId: 2, optionDesc: 'Salad', votesNumber: 0, percent: 0, members: [] },
        ],
      },
      expect.objectContaining({
        questionId: 2,
        type: 1,
        options: [
          expect.objectContaining({ optionId: 1, optionDesc: 'Mon' }),
          expect.objectContaining({ optionId: 2, optionDesc: 'Tue' }),
          expect.objectContaining({ optionId: 3, optionDesc: 'Wed' }),
        ],
      }),
    ]);
  });

  test('voteList may be a JSON value, and the body form-encoded', async () => {
    const m = await meeting([]);
    const asValue = await t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      host,
    );
    expect(asValue.json().code).toBe(0);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/vote/create',
      headers: {
        authorization: `Bearer ${host}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        conferenceUri: m.conferenceUri,
        voteList: JSON.stringify({ ...twoQuestions, anonymous: '1' }),
      }).toString(),
    });
    expect(form.json()).toMatchObject({ code: 0, payload: { anonymous: 1 } });
  });

  test('a member cannot create: 403 "Only the host can do this"', async () => {
    const m = await meeting();
    const res = await t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      ann,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: -1, msg: 'Only the host can do this' });
  });

  test('an unknown meeting is "The current meeting does not exist"', async () => {
    const res = await t.post(
      '/api/vote/create',
      { conferenceUri: 'nope', voteList: twoQuestions },
      host,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The current meeting does not exist');
  });

  test('without a token: 203', async () => {
    const res = await t.post('/api/vote/list', { conferenceUri: 'x' });
    expect(res.json().code).toBe(203);
  });

  const q = (title: string, ...options: string[]) => ({
    title,
    type: 0,
    options: options.map((optionDesc) => ({ optionDesc })),
  });
  const x200 = 'x'.repeat(200);
  const x201 = 'x'.repeat(201);
  const incomplete = 'Please fill in the poll completely';
  test.each<[string, unknown, string | null]>([
    ['a blank topic', { title: '   ', questions: [q('Q', 'a', 'b')] }, incomplete],
    ['no topic at all', { questions: [q('Q', 'a', 'b')] }, incomplete],
    ['a blank question', { title: 'T', questions: [q(' \n ', 'a', 'b')] }, incomplete],
    ['a blank option', { title: 'T', questions: [q('Q', 'a', '  ')] }, incomplete],
    [
      'an option without text',
      { title: 'T', questions: [{ type: 0, options: [{}, {}] }] },
      incomplete,
    ],
    ['no questions', { title: 'T', questions: [] }, incomplete],
    ['texts of 200 characters', { title: x200, questions: [q(x200, x200, x200)] }, null],
    [
      'a topic of 201 characters',
      { title: x201, questions: [q('Q', 'a', 'b')] },
      'The topic, questions and options can each have at most 200 characters',
    ],
    [
      'an option of 201 characters',
      { title: 'T', questions: [q('Q', 'a', x201)] },
      'The topic, questions and options can each have at most 200 characters',
    ],
    ['one option', { title: 'T', questions: [q('Q', 'a')] }, 'Each question needs 2 to 10 options'],
    [
      'eleven options',
      { title: 'T', questions: [q('Q', ...'abcdefghijk')] },
      'Each question needs 2 to 10 options',
    ],
    ['ten options', { title: 'T', questions: [q('Q', ...'abcdefghij')] }, null],
    ['ten questions', { title: 'T', questions: Array(10).fill(q('Q', 'a', 'b')) }, null],
    [
      'eleven questions',
      { title: 'T', questions: Array(11).fill(q('Q', 'a', 'b')) },
      'A poll can have at most 10 questions',
    ],
    [
      'a question type 2',
      { title: 'T', questions: [{ ...q('Q', 'a', 'b'), type: 2 }] },
      'voteList.questions.0.type is not valid',
    ],
    [
      'anonymous 3',
      { title: 'T', anonymous: 3, questions: [q('Q', 'a', 'b')] },
      'voteList.anonymous is not valid',
    ],
    ['a voteList that is not JSON', '{"title": ', 'voteList is not valid'],
    ['a voteList that is not an object', '[1]', 'voteList is not valid'],
    ['questions missing', { title: 'T' }, incomplete],
    [
      'a question type that is not a number',
      { title: 'T', questions: [{ ...q('Q', 'a', 'b'), type: 'abc' }] },
      'voteList.questions.0.type is not valid',
    ],
    [
      'a question without a type',
      {
        title: 'T',
        questions: [{ title: 'Q', options: [{ optionDesc: 'a' }, { optionDesc: 'b' }] }],
      },
      'voteList.questions.0.type is required',
    ],
    [
      'options that are not a list',
      { title: 'T', questions: [{ ...q('Q'), options: 'a,b' }] },
      'voteList.questions.0.options is not valid',
    ],
    [
      'an option text that is not text',
      { title: 'T', questions: [q('Q', 'a'), { ...q('Q'), options: [{ optionDesc: 5 }, {}] }] },
      'voteList.questions.1.options.0.optionDesc is not valid',
    ],
  ])('%s → %s', async (_name, voteList, message) => {
    const m = await meeting([]);
    const res = await t.post(
      '/api/vote/create',
      {
        conferenceUri: m.conferenceUri,
        voteList: typeof voteList === 'string' ? voteList : JSON.stringify(voteList),
      },
      host,
    );
    if (message === null) {
      expect(res.json().code).toBe(0);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -1, msg: message });
    }
  });

  test('without a voteList: "voteList is required"', async () => {
    const m = await meeting([]);
    const res = await t.post('/api/vote/create', { conferenceUri: m.conferenceUri }, host);
    expect(res.json()).toMatchObject({ code: -1, msg: 'voteList is required' });
  });

  test('the form text comes in Chinese for a Chinese client', async () => {
    const m = await meeting([]);
    const res = await t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: { title: '', questions: [] }, language: 'zh' },
      host,
    );
    expect(res.json().msg).toBe('请完善投票信息');
  });

  test('at most 10 polls a meeting; deleting one makes room again', async () => {
    const m = await meeting([]);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await create(m));
    const eleventh = await t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      host,
    );
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().msg).toBe('A meeting can have at most 10 polls');
    expect((await call('delete', ids[0]!)).json().code).toBe(0);
    await create(m);
  });

  test('a reserved meeting can get polls before it starts; an ended one cannot', async () => {
    const start = t.clock.now() + 60 * 60 * 1000;
    const reserved = await t.post(
      '/api/conference/reserve/create',
      { topic: 'Later', timezone: 'UTC', startTime: start, endTime: start + 60 * 60 * 1000 },
      host,
    );
    const uri = reserved.json().payload.conferenceUri;
    const voteId = await create({ conferenceUri: uri, conferenceId: '' });
    const launch = await call('launch', voteId);
    expect(launch.statusCode).toBe(400);
    expect(launch.json().msg).toBe('A poll can only be launched while the meeting is running');

    const m = await meeting([]);
    await quit(host, m.conferenceId);
    const res = await t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      host,
    );
    expect(res.json()).toMatchObject({ code: 3008 });
  });
});

describe('update', () => {
  test('the host edits a poll before launch; voteId beside or inside voteList', async () => {
    const m = await meeting();
    const voteId = await create(m);
    const edited = {
      title: 'Dinner',
      anonymous: 1,
      questions: [{ title: 'When?', type: 1, options: [{ optionDesc: '6' }, { optionDesc: '7' }] }],
    };
    const res = await t.post(
      '/api/vote/update',
      { conferenceUri: m.conferenceUri, voteId, voteList: JSON.stringify(edited) },
      host,
    );
    expect(res.json().payload).toMatchObject({ voteId, title: 'Dinner', anonymous: 1 });
    expect(res.json().payload.questions).toHaveLength(1);
    const inside = await t.post(
      '/api/vote/update',
      { conferenceUri: m.conferenceUri, voteList: JSON.stringify({ ...edited, voteId }) },
      host,
    );
    expect(inside.json().code).toBe(0);
    const got = await call('get', voteId);
    expect(got.json().payload).toMatchObject({ title: 'Dinner', anonymous: 1 });
  });

  test('refused to members, without a voteId, for another meeting, and after launch', async () => {
    const m = await meeting();
    const voteId = await create(m);
    const body = { conferenceUri: m.conferenceUri, voteId, voteList: twoQuestions };
    expect((await t.post('/api/vote/update', body, ann)).statusCode).toBe(403);
    const noId = await t.post('/api/vote/update', { ...body, voteId: undefined }, host);
    expect(noId.json()).toMatchObject({ code: -1, msg: 'voteId is required' });
    const other = await meeting([]);
    const elsewhere = await t.post(
      '/api/vote/update',
      { ...body, conferenceUri: other.conferenceUri },
      host,
    );
    expect(elsewhere.json().code).toBe(4050);
    await call('launch', voteId);
    const late = await t.post('/api/vote/update', body, host);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('A poll can only be edited before it is launched');
  });

  test('the edit is validated like a new poll', async () => {
    const m = await meeting([]);
    const voteId = await create(m);
    const res = await t.post(
      '/api/vote/update',
      { conferenceUri: m.conferenceUri, voteId, voteList: { ...twoQuestions, title: ' ' } },
      host,
    );
    expect(res.json().msg).toBe('Please fill in the poll completely');
  });
});

describe('list, get and result', () => {
  test('the host lists every poll in creation order; members see launched ones with their joined flag', async () => {
    const m = await meeting();
    const first = await create(m);
    const draft = await create(m, { ...twoQuestions, title: 'Draft' });
    const third = await create(m, { ...twoQuestions, title: 'Third' });
    await call('launch', first);
    await call('launch', third);
    await call('stop', third);
    await vote(m, first, answers(1, [1]), ann);
    const forAnn = await t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, ann);
    expect(forAnn.json().payload).toMatchObject([
      { voteId: first, status: 1, joined: 1, votesNumbers: 1, isHost: false },
      { voteId: third, title: 'Third', status: 2, joined: 0, votesNumbers: 0 },
    ]);
    expect(forAnn.json().payload).toHaveLength(2);
    const forHost = await t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, host);
    expect(forHost.json().payload).toMatchObject([
      { voteId: first, joined: 0, isHost: true },
      { voteId: draft, title: 'Draft', status: 0 },
      { voteId: third },
    ]);
  });

  test("a draft (not launched) is the host's: to a member it does not exist", async () => {
    const m = await meeting();
    const voteId = await create(m);
    expect((await call('get', voteId, ann)).json().code).toBe(4050);
    expect((await call('get', voteId)).json().payload).toMatchObject({ voteId, status: 0 });
    await call('launch', voteId);
    expect((await call('get', voteId, ann)).json().payload).toMatchObject({ voteId, status: 1 });
  });

  test('someone who never took part cannot list or open the polls', async () => {
    const m = await meeting();
    const voteId = await create(m);
    const list = await t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, outsider);
    expect(list.statusCode).toBe(403);
    expect(list.json().msg).toBe('You are not in this meeting');
    expect((await call('get', voteId, outsider)).statusCode).toBe(403);
  });

  test('after the meeting ends, its creator lists from Home and a running poll is ended', async () => {
    const m = await meeting([ann]);
    const voteId = await create(m);
    await call('launch', voteId);
    await vote(m, voteId, answers(2, [3]), ann);
    await quit(ann, m.conferenceId);
    await quit(host, m.conferenceId);
    const list = await t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, host);
    expect(list.json().payload).toMatchObject([
      { voteId, status: 2, isHost: true, votesNumbers: 1 },
    ]);
    expect(list.json().payload[0].endTime).toEqual(expect.any(Number));
    const forAnn = await t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, ann);
    expect(forAnn.json().payload).toMatchObject([{ voteId, joined: 1, isHost: false }]);
  });

  test("Home's meeting lists carry the polls each user may see", async () => {
    const m = await meeting([ann]);
    const draft = await create(m);
    const launched = await create(m);
    await call('launch', launched);
    const itemOf = async (path: string, token: string) =>
      (await t.post(`/api/conference/${path}`, {}, token))
        .json()
        .payload.find((i: { meetingId: string }) => i.meetingId === m.conferenceId);
    const forHost = await itemOf('getMyRunningConferenceList', host);
    expect(forHost.voteList.map((p: { voteId: number }) => p.voteId)).toEqual([draft, launched]);
    const forAnn = await itemOf('getMyRunningConferenceList', ann);
    expect(forAnn.voteList.map((p: { voteId: number }) => p.voteId)).toEqual([launched]);
    await quit(ann, m.conferenceId);
    await quit(host, m.conferenceId);
    const finished = await itemOf('v2/getMyFinishedConferenceList', host);
    expect(finished.voteList).toHaveLength(2);
  });

  test('an unknown poll is 4050 "The poll no longer exists"', async () => {
    for (const path of ['get', 'result', 'launch', 'stop', 'delete', 'publishResult', 'export']) {
      const res = await call(path, 987654);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 4050, msg: 'The poll no longer exists' });
    }
  });

  test('a voteId that is not a number is a 400', async () => {
    const res = await t.post('/api/vote/get', { voteId: 'abc' }, host);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('voteId is not valid');
  });
});

describe('launch and stop: 0 → 1 → 2, forward only, host only', () => {
  test('the host launches and stops; times are kept', async () => {
    const m = await meeting();
    const voteId = await create(m);
    const launched = await call('launch', voteId);
    expect(launched.json().payload).toMatchObject({ status: 1, startTime: t.clock.now() });
    t.clock.advance(60_000);
    const stopped = await call('stop', voteId);
    expect(stopped.json().payload).toMatchObject({ status: 2, endTime: t.clock.now() });
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
    const m = await meeting([]);
    const voteId = await create(m);
    for (const step of before) expect((await call(step, voteId)).json().code).toBe(0);
    const res = await call(action, voteId);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(message);
  });

  test.each(['launch', 'stop', 'delete', 'publishResult', 'unPublishResult', 'export'])(
    'a member cannot %s (403)',
    async (action) => {
      const m = await meeting();
      const voteId = await create(m);
      if (action !== 'launch') await call('launch', voteId);
      if (action.includes('ublish')) await call('stop', voteId);
      const res = await call(action, voteId, ann);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Only the host can do this');
    },
  );

  test('a new host takes over the polls and the former one loses them', async () => {
    const m = await meeting();
    const voteId = await create(m);
    const annId = (await t.post('/api/user/getUserInfo', {}, ann)).json().payload.userId;
    const { conferenceService } = t.app.services;
    await conferenceService.setHost(await conferenceService.get(m.conferenceId), annId);
    expect((await call('launch', voteId, host)).statusCode).toBe(403);
    expect((await call('launch', voteId, ann)).json().code).toBe(0);
  });
});

describe('participate', () => {
  test('a member votes once; a single choice may come bare; results stay hidden', async () => {
    const m = await meeting();
    const voteId = await create(m);
    await call('launch', voteId);
    const res = await vote(
      m,
      voteId,
      [
        { questionId: 1, select: 2 },
        { questionId: 2, select: [1, 3] },
      ],
      ann,
    );
    expect(res.json().code).toBe(0);
    const mine = res.json().payload;
    expect(mine).toMatchObject({
      joined: 1,
      votesNumbers: 1,
      resultVisible: false,
      summary: [],
      mySelect: [
        { questionId: 1, select: [2] },
        { questionId: 2, select: [1, 3] },
      ],
    });
    expect(mine.questions[0].select).toEqual([2]);
    expect(mine.questions[0].options[1]).toEqual({
      optionId: 2,
      optionDesc: 'Salad',
      votesNumber: null,
      percent: null,
      members: [],
    });
    const again = await vote(m, voteId, answers(1, [1]), ann);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('You have already voted in this poll');
  });

  test('the same member on a second device still has one vote', async () => {
    const m = await meeting([]);
    const me = await visitor('poll-two-devices-01');
    await join(me, m.conferenceId, 'Twin', 'dev-a');
    await join(me, m.conferenceId, 'Twin', 'dev-b');
    const voteId = await create(m);
    await call('launch', voteId);
    const results = await Promise.all([
      vote(m, voteId, answers(1, [1]), me),
      vote(m, voteId, answers(2, [2]), me),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([-1, 0]);
    expect((await call('result', voteId)).json().payload.votesNumbers).toBe(1);
  });

  test.each<[string, unknown, string]>([
    [
      'a question left out',
      [{ questionId: 1, select: [1] }],
      'You still have unanswered questions',
    ],
    ['an empty selection', answers(1, []), 'You still have unanswered questions'],
    ['no answers', [], 'You still have unanswered questions'],
    [
      'two options on a single choice',
      [
        { questionId: 1, select: [1, 2] },
        { questionId: 2, select: [1] },
      ],
      'The selection does not match the options of the poll',
    ],
    ['an unknown option', answers(3, [1]), 'The selection does not match the options of the poll'],
    [
      'an unknown question',
      [...answers(1, [1]), { questionId: 3, select: [1] }],
      'The selection does not match the options of the poll',
    ],
    ['questions that are not JSON', '[{', 'questions is not valid'],
  ])('%s → 400 %s', async (_name, questions, message) => {
    const m = await meeting();
    const voteId = await create(m);
    await call('launch', voteId);
    const res = await t.post(
      '/api/vote/participate',
      {
        conferenceUri: m.conferenceUri,
        voteId,
        nickname: 'Ann',
        questions: typeof questions === 'string' ? questions : JSON.stringify(questions),
      },
      ann,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    // A refused vote does not count as the member's vote.
    expect((await vote(m, voteId, answers(1, [1]), ann)).json().code).toBe(0);
  });

  test('only while in progress', async () => {
    const m = await meeting();
    const voteId = await create(m);
    const early = await vote(m, voteId, answers(1, [1]), ann);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('The poll is not in progress');
    await call('launch', voteId);
    await call('stop', voteId);
    expect((await vote(m, voteId, answers(1, [1]), ann)).json().msg).toBe(
      'The poll is not in progress',
    );
  });

  test('only members in the meeting now; the host may vote too', async () => {
    const m = await meeting();
    const voteId = await create(m);
    await call('launch', voteId);
    const out = await vote(m, voteId, answers(1, [1]), outsider);
    expect(out.statusCode).toBe(403);
    expect(out.json().msg).toBe('You are not in this meeting');
    await quit(bob, m.conferenceId);
    expect((await vote(m, voteId, answers(1, [1]), bob)).statusCode).toBe(403);
    expect((await vote(m, voteId, answers(1, [1]), host)).json().payload).toMatchObject({
      joined: 1,
      resultVisible: true,
    });
  });

  test('the poll must belong to the meeting named', async () => {
    const m = await meeting();
    const other = await meeting([]);
    const voteId = await create(other);
    await call('launch', voteId);
    expect((await vote(m, voteId, answers(1, [1]), ann)).json().code).toBe(4050);
  });

  test('voters are named by their meeting name, not by the nickname they send', async () => {
    const m = await meeting();
    const voteId = await create(m);
    await call('launch', voteId);
    await vote(m, voteId, answers(1, [1]), ann, 'The Host');
    const res = await call('result', voteId);
    expect(res.json().payload.questions[0].options[0].members).toEqual(['Member 1']);
  });
});

describe('results: tenths of a percent, visible to the host or once published', () => {
  test('counts and percentages of the voters; members see them only while published', async () => {
    const m = await meeting();
    const voteId = await create(m);
    await call('launch', voteId);
    await vote(m, voteId, answers(1, [1, 2]), ann);
    await vote(m, voteId, answers(2, [1]), bob);
    await vote(m, voteId, answers(1, [1, 2, 3]), host);

    const forHost = (await call('result', voteId)).json().payload;
    expect(forHost).toMatchObject({ votesNumbers: 3, resultVisible: true });
    expect(forHost.summary).toEqual([
      {
        questionId: 1,
        optionInfo: [
          { optionId: 1, votesNumber: 2, percent: 667 },
          { optionId: 2, votesNumber: 1, percent: 333 },
        ],
      },
      {
        questionId: 2,
        optionInfo: [
          { optionId: 1, votesNumber: 3, percent: 1000 },
          { optionId: 2, votesNumber: 2, percent: 667 },
          { optionId: 3, votesNumber: 1, percent: 333 },
        ],
      },
    ]);
    expect(forHost.questions[1].options[1].members).toEqual(['Member 1', 'Host']);

    const hidden = (await call('result', voteId, bob)).json().payload;
    expect(hidden.resultVisible).toBe(false);
    expect(hidden.summary).toEqual([]);

    await call('stop', voteId);
    const shared = await call('publishResult', voteId);
    expect(shared.json()).toMatchObject({
      code: 0,
      msg: 'The poll results are shared',
      payload: { resultPublished: 1 },
    });
    const seen = (await call('result', voteId, bob)).json().payload;
    expect(seen).toMatchObject({ resultVisible: true, resultPublished: 1 });
    expect(seen.summary).toEqual(forHost.summary);
    expect(seen.questions[0].options[0]).toMatchObject({
      votesNumber: 2,
      percent: 667,
      members: ['Member 1', 'Host'],
    });

    const unshared = await call('unPublishResult', voteId);
    expect(unshared.json()).toMatchObject({
      msg: 'The poll results are no longer shared',
      payload: { resultPublished: 0 },
    });
    expect((await call('get', voteId, bob)).json().payload.resultVisible).toBe(false);
  });

  test('an anonymous poll names nobody, not even to the host', async () => {
    const m = await meeting();
    const voteId = await create(m, { ...twoQuestions, anonymous: 1 });
    await call('launch', voteId);
    await vote(m, voteId, answers(1, [1]), ann);
    await vote(m, voteId, answers(1, [2]), bob);
    await call('stop', voteId);
    await call('publishResult', voteId);
    for (const token of [host, ann]) {
      const poll = (await call('result', voteId, token)).json().payload;
      expect(poll.questions[0].options[0]).toMatchObject({ votesNumber: 2, percent: 1000 });
      expect(JSON.stringify(poll)).not.toMatch(/Member \d|"Host"/);
    }
    const mine = (await call('get', voteId, ann)).json().payload;
    expect(mine.mySelect).toEqual(answers(1, [1]));
  });
});

describe('delete', () => {
  test.each([
    ['not launched', []],
    ['in progress', ['launch']],
    ['ended', ['launch', 'stop']],
  ])('a poll %s can be deleted; then it is 4050 for everyone', async (_name, steps) => {
    const m = await meeting();
    const voteId = await create(m);
    for (const step of steps) await call(step, voteId);
    if (steps.length === 1) await vote(m, voteId, answers(1, [1]), ann);
    expect((await call('delete', voteId)).json()).toMatchObject({ code: 0, payload: null });
    expect((await call('get', voteId, ann)).json().code).toBe(4050);
    expect((await vote(m, voteId, answers(1, [1]), bob)).json().code).toBe(4050);
    expect((await call('delete', voteId)).json().code).toBe(4050);
    const list = await t.post('/api/vote/list', { conferenceUri: m.conferenceUri }, host);
    expect(list.json().payload).toEqual([]);
  });
});

describe('events for the sockets', () => {
  const userId = async (token: string) =>
    (await t.post('/api/user/getUserInfo', {}, token)).json().payload.userId as number;

  test('the audience of notices outside the room: who took part, the creator, the host', async () => {
    const m = await meeting();
    const { conferenceService, pollService } = t.app.services;
    const conf = await conferenceService.get(m.conferenceId);
    const ids = await pollService.audience(conf);
    const expected = await Promise.all([host, ann, bob].map(userId));
    expect([...ids].sort()).toEqual([...expected].sort());
  });

  test('listFor (meeting lists): the polls a user may see there, or none', async () => {
    const m = await meeting();
    const voteId = await create(m);
    await call('launch', voteId);
    const { conferenceService, pollService, users } = t.app.services;
    const conf = await conferenceService.get(m.conferenceId);
    const byToken = async (token: string) => (await users.findById(await userId(token)))!;
    expect(await pollService.listFor(await byToken(outsider), conf)).toEqual([]);
    expect(await pollService.listFor(await byToken(ann), conf)).toMatchObject([{ voteId }]);
  });

  test('every change is announced with the meeting row and the poll id', async () => {
    const m = await meeting();
    const seen: string[] = [];
    const service = t.app.services.pollService;
    const names = [
      'created',
      'updated',
      'launched',
      'voted',
      'stopped',
      'resultPublished',
      'resultUnpublished',
      'deleted',
    ] as const;
    const listeners = names.map((name) => {
      const listener = (conf: ConferenceRow, voteId: number, userId?: number) =>
        seen.push(
          `${name}:${conf.conferenceUri === m.conferenceUri}:${voteId}${userId ? ':u' : ''}`,
        );
      service.on(name, listener);
      return [name, listener] as const;
    });
    try {
      const voteId = await create(m);
      await t.post(
        '/api/vote/update',
        { conferenceUri: m.conferenceUri, voteId, voteList: twoQuestions },
        host,
      );
      await call('launch', voteId);
      await vote(m, voteId, answers(1, [1]), ann);
      await call('stop', voteId);
      await call('publishResult', voteId);
      await call('publishResult', voteId); // unchanged: no second notice
      await call('unPublishResult', voteId);
      await call('delete', voteId);
      expect(seen).toEqual([
        `created:true:${voteId}`,
        `updated:true:${voteId}`,
        `launched:true:${voteId}`,
        `voted:true:${voteId}:u`,
        `stopped:true:${voteId}`,
        `resultPublished:true:${voteId}`,
        `resultUnpublished:true:${voteId}`,
        `deleted:true:${voteId}`,
      ]);
    } finally {
      for (const [name, listener] of listeners) service.off(name, listener);
    }
  });
});
