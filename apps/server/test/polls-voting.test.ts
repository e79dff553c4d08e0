/**
 * Polls API, the members' side: voting (once, while in progress, only from inside the meeting),
 * results (tenths of a percent, who may see them and when, anonymous polls), and the events
 * the poll service raises for the sockets.
 */
import { describe, expect, test } from 'vitest';
import type { ConferenceRow } from '../src/db/schema/index.js';
import { answers, twoQuestions, usePollFixture } from './poll-fixture.js';

const f = usePollFixture();

describe('participate', () => {
  test('a member votes once; a single choice may come bare; results stay hidden', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    const res = await f.vote(
      m,
      voteId,
      [
        { questionId: 1, select: 2 },
        { questionId: 2, select: [1, 3] },
      ],
      f.ann,
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
    const again = await f.vote(m, voteId, answers(1, [1]), f.ann);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('You have already voted in this poll');
  });

  test('the same member on a second device still has one vote', async () => {
    const m = await f.meeting([]);
    const me = await f.visitor('poll-two-devices-01');
    await f.join(me, m.conferenceId, 'Twin', 'dev-a');
    await f.join(me, m.conferenceId, 'Twin', 'dev-b');
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    const results = await Promise.all([
      f.vote(m, voteId, answers(1, [1]), me),
      f.vote(m, voteId, answers(2, [2]), me),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([-1, 0]);
    expect((await f.call('result', voteId)).json().payload.votesNumbers).toBe(1);
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
    const m = await f.meeting();
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    const res = await f.t.post(
      '/api/vote/participate',
      {
        conferenceUri: m.conferenceUri,
        voteId,
        nickname: 'Ann',
        questions: typeof questions === 'string' ? questions : JSON.stringify(questions),
      },
      f.ann,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
    // A refused vote does not count as the member's vote.
    expect((await f.vote(m, voteId, answers(1, [1]), f.ann)).json().code).toBe(0);
  });

  test('only while in progress', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    const early = await f.vote(m, voteId, answers(1, [1]), f.ann);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('The poll is not in progress');
    await f.call('launch', voteId);
    await f.call('stop', voteId);
    expect((await f.vote(m, voteId, answers(1, [1]), f.ann)).json().msg).toBe(
      'The poll is not in progress',
    );
  });

  test('only members in the meeting now; the host may vote too', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    const out = await f.vote(m, voteId, answers(1, [1]), f.outsider);
    expect(out.statusCode).toBe(403);
    expect(out.json().msg).toBe('You are not in this meeting');
    await f.quit(f.bob, m.conferenceId);
    expect((await f.vote(m, voteId, answers(1, [1]), f.bob)).statusCode).toBe(403);
    expect((await f.vote(m, voteId, answers(1, [1]), f.host)).json().payload).toMatchObject({
      joined: 1,
      resultVisible: true,
    });
  });

  test('the poll must belong to the meeting named', async () => {
    const m = await f.meeting();
    const other = await f.meeting([]);
    const voteId = await f.create(other);
    await f.call('launch', voteId);
    expect((await f.vote(m, voteId, answers(1, [1]), f.ann)).json().code).toBe(4050);
  });

  test('voters are named by their meeting name, not by the nickname they send', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    await f.vote(m, voteId, answers(1, [1]), f.ann, 'The Host');
    const res = await f.call('result', voteId);
    expect(res.json().payload.questions[0].options[0].members).toEqual(['Member 1']);
  });
});

describe('results: tenths of a percent, visible to the host or once published', () => {
  test('counts and percentages of the voters; members see them only while published', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    await f.vote(m, voteId, answers(1, [1, 2]), f.ann);
    await f.vote(m, voteId, answers(2, [1]), f.bob);
    await f.vote(m, voteId, answers(1, [1, 2, 3]), f.host);

    const forHost = (await f.call('result', voteId)).json().payload;
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

    const hidden = (await f.call('result', voteId, f.bob)).json().payload;
    expect(hidden.resultVisible).toBe(false);
    expect(hidden.summary).toEqual([]);

    await f.call('stop', voteId);
    const shared = await f.call('publishResult', voteId);
    expect(shared.json()).toMatchObject({
      code: 0,
      msg: 'The poll results are shared',
      payload: { resultPublished: 1 },
    });
    const seen = (await f.call('result', voteId, f.bob)).json().payload;
    expect(seen).toMatchObject({ resultVisible: true, resultPublished: 1 });
    expect(seen.summary).toEqual(forHost.summary);
    expect(seen.questions[0].options[0]).toMatchObject({
      votesNumber: 2,
      percent: 667,
      members: ['Member 1', 'Host'],
    });

    const unshared = await f.call('unPublishResult', voteId);
    expect(unshared.json()).toMatchObject({
      msg: 'The poll results are no longer shared',
      payload: { resultPublished: 0 },
    });
    expect((await f.call('get', voteId, f.bob)).json().payload.resultVisible).toBe(false);
  });

  test('an anonymous poll names nobody, not even to the host', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m, { ...twoQuestions, anonymous: 1 });
    await f.call('launch', voteId);
    await f.vote(m, voteId, answers(1, [1]), f.ann);
    await f.vote(m, voteId, answers(1, [2]), f.bob);
    await f.call('stop', voteId);
    await f.call('publishResult', voteId);
    for (const token of [f.host, f.ann]) {
      const poll = (await f.call('result', voteId, token)).json().payload;
      expect(poll.questions[0].options[0]).toMatchObject({ votesNumber: 2, percent: 1000 });
      expect(JSON.stringify(poll)).not.toMatch(/Member \d|"Host"/);
    }
    const mine = (await f.call('get', voteId, f.ann)).json().payload;
    expect(mine.mySelect).toEqual(answers(1, [1]));
  });
});

describe('events for the sockets', () => {
  const userId = async (token: string) =>
    (await f.t.post('/api/user/getUserInfo', {}, token)).json().payload.userId as number;

  test('the audience of notices outside the room: who took part, the creator, the host', async () => {
    const m = await f.meeting();
    const { conferenceService, pollService } = f.t.app;
    const conf = await conferenceService.get(m.conferenceId);
    const ids = await pollService.audience(conf);
    const expected = await Promise.all([f.host, f.ann, f.bob].map(userId));
    expect([...ids].sort()).toEqual([...expected].sort());
  });

  test('listFor (meeting lists): the polls a user may see there, or none', async () => {
    const m = await f.meeting();
    const voteId = await f.create(m);
    await f.call('launch', voteId);
    const { conferenceService, pollService, users } = f.t.app;
    const conf = await conferenceService.get(m.conferenceId);
    const byToken = async (token: string) => (await users.findById(await userId(token)))!;
    expect(await pollService.listFor(await byToken(f.outsider), conf)).toEqual([]);
    expect(await pollService.listFor(await byToken(f.ann), conf)).toMatchObject([{ voteId }]);
  });

  test('every change is announced with the meeting row and the poll id', async () => {
    const m = await f.meeting();
    const seen: string[] = [];
    const service = f.t.app.pollService;
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
      const voteId = await f.create(m);
      await f.t.post(
        '/api/vote/update',
        { conferenceUri: m.conferenceUri, voteId, voteList: twoQuestions },
        f.host,
      );
      await f.call('launch', voteId);
      await f.vote(m, voteId, answers(1, [1]), f.ann);
      await f.call('stop', voteId);
      await f.call('publishResult', voteId);
      await f.call('publishResult', voteId); // unchanged: no second notice
      await f.call('unPublishResult', voteId);
      await f.call('delete', voteId);
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
