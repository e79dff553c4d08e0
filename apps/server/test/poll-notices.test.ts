/**
 * Poll notices outside the room (SPEC.md section 4, Poll socket events): people who took part
 * are told over the `/message` socket when results are shared, hidden, or the poll is deleted;
 * nobody else is.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { build, type TestApp } from './helper.js';
import { inboxes, listen } from './message-inbox.js';
import { createMeeting, joinApi, registered } from './room-members.js';

let t: TestApp;
let base: string;
const sockets = inboxes(() => base);

beforeAll(async () => {
  t = await build();
  base = await listen(t);
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

const poll = {
  title: 'Lunch',
  anonymous: 0,
  questions: [
    { title: 'Where?', type: 0, options: [{ optionDesc: 'Pizza' }, { optionDesc: 'Soup' }] },
  ],
};

test('an attendee hears of shared and hidden results and of a deleted poll; an outsider does not', async () => {
  const meeting = await createMeeting(t);
  const ann = await registered(t);
  const outsider = await registered(t);
  for (const token of [meeting.hostToken, ann.token])
    expect((await joinApi(t, token, meeting.id)).json().code).toBe(0);
  const host = meeting.hostToken;
  const created = await t.post(
    '/api/vote/create',
    { conferenceUri: meeting.uri, voteList: JSON.stringify(poll) },
    host,
  );
  const voteId = created.json().payload.voteId as number;
  const call = (path: string) => t.post(`/api/vote/${path}`, { voteId }, host);
  expect((await call('launch')).json().code).toBe(0);
  const voted = await t.post(
    '/api/vote/participate',
    {
      conferenceUri: meeting.uri,
      voteId,
      nickname: 'Ann',
      questions: JSON.stringify([{ questionId: 1, select: [1] }]),
    },
    ann.token,
  );
  expect(voted.json().code).toBe(0);
  expect((await call('stop')).json().code).toBe(0);

  const annInbox = await sockets.open(ann);
  const outsiderInbox = await sockets.open(outsider);
  const expected = { voteId, conferenceUri: meeting.uri, conferenceId: meeting.id };
  expect((await call('publishResult')).json().code).toBe(0);
  expect(await annInbox.next('publish_vote_result')).toEqual({
    msgType: 'publish_vote_result',
    ...expected,
  });
  expect((await call('unPublishResult')).json().code).toBe(0);
  expect(await annInbox.next('cancel_publish_vote_result')).toMatchObject(expected);
  expect((await call('delete')).json().code).toBe(0);
  expect(await annInbox.next('delete_vote')).toMatchObject(expected);
  expect(outsiderInbox.messages).toEqual([]);
});
