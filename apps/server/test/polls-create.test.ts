/**
 * Polls API, creating a poll (`/api/vote/create`): who may create one, in which meetings, how
 * the form is validated and trimmed, and the limit of polls a meeting.
 */
import { describe, expect, test } from 'vitest';
import { twoQuestions, usePollFixture } from './poll-fixture.js';

const f = usePollFixture();

describe('create', () => {
  test('the host saves a poll: trimmed texts, ids 1..n, not launched, nobody voted', async () => {
    const m = await f.meeting();
    const res = await f.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: JSON.stringify(twoQuestions) },
      f.host,
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
    const m = await f.meeting([]);
    const asValue = await f.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      f.host,
    );
    expect(asValue.json().code).toBe(0);
    const form = await f.t.app.inject({
      method: 'POST',
      url: '/api/vote/create',
      headers: {
        authorization: `Bearer ${f.host}`,
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
    const m = await f.meeting();
    const res = await f.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      f.ann,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: -1, msg: 'Only the host can do this' });
  });

  test('an unknown meeting is "The current meeting does not exist"', async () => {
    const res = await f.t.post(
      '/api/vote/create',
      { conferenceUri: 'nope', voteList: twoQuestions },
      f.host,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The current meeting does not exist');
  });

  test('without a token: 203', async () => {
    const res = await f.t.post('/api/vote/list', { conferenceUri: 'x' });
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
    const m = await f.meeting([]);
    const res = await f.t.post(
      '/api/vote/create',
      {
        conferenceUri: m.conferenceUri,
        voteList: typeof voteList === 'string' ? voteList : JSON.stringify(voteList),
      },
      f.host,
    );
    if (message === null) {
      expect(res.json().code).toBe(0);
    } else {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -1, msg: message });
    }
  });

  test('without a voteList: "voteList is required"', async () => {
    const m = await f.meeting([]);
    const res = await f.t.post('/api/vote/create', { conferenceUri: m.conferenceUri }, f.host);
    expect(res.json()).toMatchObject({ code: -1, msg: 'voteList is required' });
  });

  test('the form text comes in Chinese for a Chinese client', async () => {
    const m = await f.meeting([]);
    const res = await f.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: { title: '', questions: [] }, language: 'zh' },
      f.host,
    );
    expect(res.json().msg).toBe('请完善投票信息');
  });

  test('at most 10 polls a meeting; deleting one makes room again', async () => {
    const m = await f.meeting([]);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await f.create(m));
    const eleventh = await f.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      f.host,
    );
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().msg).toBe('A meeting can have at most 10 polls');
    expect((await f.call('delete', ids[0]!)).json().code).toBe(0);
    await f.create(m);
  });

  test('a reserved meeting can get polls before it starts; an ended one cannot', async () => {
    const start = f.t.clock.now() + 60 * 60 * 1000;
    const reserved = await f.t.post(
      '/api/conference/reserve/create',
      { topic: 'Later', timezone: 'UTC', startTime: start, endTime: start + 60 * 60 * 1000 },
      f.host,
    );
    const uri = reserved.json().payload.conferenceUri;
    const voteId = await f.create({ conferenceUri: uri, conferenceId: '' });
    const launch = await f.call('launch', voteId);
    expect(launch.statusCode).toBe(400);
    expect(launch.json().msg).toBe('A poll can only be launched while the meeting is running');

    const m = await f.meeting([]);
    await f.quit(f.host, m.conferenceId);
    const res = await f.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: twoQuestions },
      f.host,
    );
    expect(res.json()).toMatchObject({ code: 3008 });
  });
});
