/**
 * Shared setup of the polls API tests: one app on a real database per test file, a registered
 * host and three visitors (Ann and Bob, who join the meetings by default, and an outsider who
 * never does), with helpers that make meetings, polls and votes through the API.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { build, randomIp, registerUser, type TestApp } from './helper.js';

export interface Meeting {
  conferenceId: string;
  conferenceUri: string;
}

/** A single-choice and a multiple-choice question, with texts the server should trim. */
export const twoQuestions = {
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

/** Answers to `twoQuestions`: one place and some days. */
export const answers = (where: number, days: number[]) => [
  { questionId: 1, select: [where] },
  { questionId: 2, select: days },
];

/**
 * The app and the accounts are filled in by the beforeAll that `usePollFixture` registers, so
 * read them inside tests only, never at module level.
 */
export class PollFixture {
  t!: TestApp;
  host!: string;
  ann!: string;
  bob!: string;
  outsider!: string;

  async visitor(uuid: string): Promise<string> {
    const res = await this.t.post('/api/user/visitorLogin', { uuid, visitors: true });
    return res.json().payload.token;
  }

  /** A running meeting the host created and joined, with Ann and Bob in it. */
  async meeting(members: string[] = [this.ann, this.bob]): Promise<Meeting> {
    const res = await this.t.post(
      '/api/conference/createConference',
      { topic: 'Polls' },
      this.host,
    );
    const { conferenceId, conferenceUri } = res.json().payload;
    await this.join(this.host, conferenceId, 'Host');
    for (const [i, token] of members.entries()) {
      await this.join(token, conferenceId, `Member ${i + 1}`);
    }
    return { conferenceId, conferenceUri };
  }

  async join(token: string, conferenceId: string, name: string, deviceId = 'dev-1') {
    const res = await this.t.post(
      '/api/conference/joinConference',
      { conferenceId, deviceId, userConferenceName: name, voiceLanguage: 'en' },
      token,
      { remoteAddress: randomIp() },
    );
    expect(res.json().code).toBe(0);
  }

  quit(token: string, conferenceId: string) {
    return this.t.post('/api/conference/quitConference', { conferenceId }, token);
  }

  async create(m: Meeting, poll: object = twoQuestions, token = this.host): Promise<number> {
    const res = await this.t.post(
      '/api/vote/create',
      { conferenceUri: m.conferenceUri, voteList: JSON.stringify(poll) },
      token,
    );
    expect(res.json()).toMatchObject({ code: 0 });
    return res.json().payload.voteId;
  }

  /** One of the `/api/vote/*` actions that take only a voteId. */
  call(path: string, voteId: number, token = this.host) {
    return this.t.post(`/api/vote/${path}`, { voteId }, token);
  }

  vote(m: Meeting, voteId: number, questions: unknown, token: string, nickname = 'Me') {
    return this.t.post(
      '/api/vote/participate',
      { conferenceUri: m.conferenceUri, voteId, nickname, questions: JSON.stringify(questions) },
      token,
    );
  }
}

/** Starts the app and signs the accounts up before the file's tests; closes it after them. */
export function usePollFixture(): PollFixture {
  const f = new PollFixture();
  beforeAll(async () => {
    f.t = await build();
    f.host = await registerUser(f.t, 'poll-host@example.com');
    f.ann = await f.visitor('poll-ann-000000001');
    f.bob = await f.visitor('poll-bob-000000001');
    f.outsider = await f.visitor('poll-out-000000001');
  });
  afterAll(() => f.t.close());
  return f;
}
