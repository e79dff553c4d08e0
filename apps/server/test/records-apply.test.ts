/**
 * Asking to see someone's recording, through the message center, on a real database with real
 * `/message` sockets: apply → the owner's message (stored unread, pushed live) → the owner opens
 * the request and approves or denies → the applicant's message, and the recording opens (or not);
 * a request unanswered for 7 days lapses (state 4); 3024 for requests that are not the caller's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  RECORDING_ACCESS_TTL_MS,
  ResultCode,
  applyDetail,
  messageContent,
  type MessageItem,
} from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { inboxes, listen } from './message-inbox.js';
import { makeRecording, recordsApi } from './records-fixture.js';
import { registered, visitor } from './room-members.js';

let t: TestApp;
let base: string;
let api: ReturnType<typeof recordsApi>;
const sockets = inboxes(() => base);

beforeAll(async () => {
  t = await build();
  base = await listen(t);
  api = recordsApi(t);
});
afterEach(() => sockets.closeAll());
afterAll(() => t.close());

const contentOf = (item: MessageItem) => messageContent.parse(JSON.parse(item.content));

describe('the access request round trip', () => {
  test('apply → the owner gets an unread message, live over /message → approve → the applicant is told and opens it', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const rec = await makeRecording(t, owner, {
      withFiles: true,
      shareScope: 'applicants',
      name: 'Design review',
      durationMs: 95_000,
    });
    const ownerInbox = await sockets.open(owner);
    const applicantInbox = await sockets.open(applicant);

    const asked = await api.apply(rec.recordId, applicant.token, 'I missed the meeting');
    expect(asked.json(), asked.body).toMatchObject({ code: 0 });
    const request = applyDetail.parse(asked.json().payload);
    expect(request).toMatchObject({
      status: 1,
      reason: 'I missed the meeting',
      recordInfo: {
        recordId: rec.recordId,
        filename: 'Design review',
        duration: 95,
        previewImg: '',
      },
    });
    // The teaser now shows the pending state.
    expect((await api.info(rec.recordId, applicant.token)).json().payload.applyStatus).toBe(1);

    // Pushed live, with the unread count.
    const pushed = await ownerInbox.next('new_message');
    if (pushed.msgType !== 'new_message') throw new Error('unexpected message');
    expect(pushed.unread).toBe(1);
    const who = (await t.post('/api/user/getUserInfo', {}, applicant.token)).json().payload;
    // Who asked (name and email) for which recording, in the owner's message.
    expect(contentOf(pushed.message)).toEqual({
      pushType: 'apply',
      recordId: rec.recordId,
      permissionRequestId: request.permissionRequestId,
      subType: 'request',
      applicantName: who.userName,
      applicantEmail: who.email,
      recordName: 'Design review',
    });
    expect(who.email).toMatch(/@example\.com$/);

    // Stored: the owner's message center has it, unread, newest first.
    const messages = (await api.messages(owner.token)).json().payload;
    expect(messages.unread).toBe(1);
    expect(messages.list).toHaveLength(1);
    expect(messages.list[0]).toMatchObject({
      messageId: pushed.message.messageId,
      pushType: 'apply',
      isUnread: true,
      ctime: t.clock.now(),
    });

    // The owner opens the request from the message: the detail with the preview.
    const detail = (
      await api.getApply(rec.recordId, request.permissionRequestId, owner.token)
    ).json();
    expect(detail).toMatchObject({
      code: 0,
      payload: { status: 1, applicantName: who.userName, applicantEmail: who.email },
    });
    expect(detail.payload.recordInfo.previewImg).toMatch(/\/files\/rec\/.+\/preview\?/);
    expect(detail.payload.recordInfo.startTime).toBe(t.clock.now() - 60_000);

    const approved = await api.answer(rec.recordId, request.permissionRequestId, 2, owner.token);
    expect(approved.json()).toMatchObject({ code: 0, payload: { status: 2 } });

    const told = await applicantInbox.next('new_message');
    if (told.msgType !== 'new_message') throw new Error('unexpected message');
    expect(contentOf(told.message)).toMatchObject({ pushType: 'apply', subType: 'approved' });
    const theirs = (await api.messages(applicant.token)).json().payload;
    expect(theirs).toMatchObject({ unread: 1, list: [{ pushType: 'apply', isUnread: true }] });

    const opened = await api.info(rec.recordId, applicant.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().payload).toMatchObject({ applyStatus: 2, status: 'ready' });
    expect(opened.json().payload.videoUrl).toMatch(/\/files\/rec\//);
    // The applicant sees their own request, now with the preview.
    const mine = await api.getApply(rec.recordId, request.permissionRequestId, applicant.token);
    expect(mine.json().payload.recordInfo.previewImg).toMatch(/preview/);
  });

  test('deny: the applicant is told, and the recording stays closed to them', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    const inbox = await sockets.open(applicant);
    const id = (await api.apply(rec.recordId, applicant.token)).json().payload.permissionRequestId;
    const denied = await api.answer(rec.recordId, id, 3, owner.token);
    expect(denied.json()).toMatchObject({ code: 0, payload: { status: 3 } });
    const told = await inbox.next('new_message');
    if (told.msgType !== 'new_message') throw new Error('unexpected message');
    expect(contentOf(told.message)).toMatchObject({ subType: 'denied', recordId: rec.recordId });
    const refused = await api.info(rec.recordId, applicant.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().payload.applyStatus).toBe(3);
    // Answering again is refused: it is no longer pending.
    const again = await api.answer(rec.recordId, id, 2, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('applyNotPending');
    // Asking again after a denial makes a new request, and the owner hears of it.
    const anew = (await api.apply(rec.recordId, applicant.token)).json().payload;
    expect(anew.status).toBe(1);
    expect(anew.permissionRequestId).not.toBe(id);
    expect((await api.messages(owner.token)).json().payload.list).toHaveLength(2);
  });

  test('approving on a private recording lets the applicant in by widening the scope to applicants', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'private' });
    const id = (await api.apply(rec.recordId, applicant.token)).json().payload.permissionRequestId;
    await api.answer(rec.recordId, id, 2, owner.token);
    expect((await api.info(rec.recordId, owner.token)).json().payload.shareScope).toBe(
      'applicants',
    );
    expect((await api.info(rec.recordId, applicant.token)).statusCode).toBe(200);
  });

  test('asking twice answers the same pending request and tells the owner once', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    const [a, b] = await Promise.all([
      api.apply(rec.recordId, applicant.token),
      api.apply(rec.recordId, applicant.token),
    ]);
    expect(a!.json().payload.permissionRequestId).toBe(b!.json().payload.permissionRequestId);
    const c = await api.apply(rec.recordId, applicant.token);
    expect(c.json().payload.permissionRequestId).toBe(a!.json().payload.permissionRequestId);
    expect((await api.messages(owner.token)).json().payload.list).toHaveLength(1);
  });
});

describe('expiry', () => {
  test('a request unanswered for 7 days lapses: state 4, cannot be approved, and asking again starts anew', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    const id = (await api.apply(rec.recordId, applicant.token)).json().payload.permissionRequestId;
    t.clock.advance(RECORDING_ACCESS_TTL_MS - 1000);
    expect((await api.getApply(rec.recordId, id, owner.token)).json().payload.status).toBe(1);
    t.clock.advance(1000);
    expect((await api.getApply(rec.recordId, id, owner.token)).json().payload.status).toBe(4);
    expect((await api.info(rec.recordId, applicant.token)).json().payload.applyStatus).toBe(4);
    const late = await api.answer(rec.recordId, id, 2, owner.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().key).toBe('applyNotPending');
    expect((await api.info(rec.recordId, applicant.token)).statusCode).toBe(403);
    const anew = (await api.apply(rec.recordId, applicant.token)).json().payload;
    expect(anew).toMatchObject({ status: 1 });
    expect(anew.permissionRequestId).not.toBe(id);
    // The lapsed one reads 4 from then on, also once written down.
    expect((await api.getApply(rec.recordId, id, applicant.token)).json().payload.status).toBe(4);
  });
});

describe('refusals', () => {
  test('getApply of an unknown request, another recording, or by a stranger is 3024 with the server message', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const stranger = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    const other = await makeRecording(t, owner);
    const id = (await api.apply(rec.recordId, applicant.token)).json().payload.permissionRequestId;
    const replies = [
      await api.getApply(rec.recordId, 'no-such-request', owner.token),
      await api.getApply(other.recordId, id, owner.token),
      await api.getApply('no-such-recording', id, owner.token),
      await api.getApply(rec.recordId, id, stranger.token),
    ];
    for (const res of replies) {
      expect(res.json()).toMatchObject({
        code: ResultCode.applyLoadFailed,
        key: 'applyLoadFailed',
        msg: 'This request could not be loaded',
      });
    }
  });

  test('only the owner answers: the applicant or a stranger answering gets 3024 and nothing changes', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const stranger = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    const id = (await api.apply(rec.recordId, applicant.token)).json().payload.permissionRequestId;
    for (const who of [applicant, stranger]) {
      const res = await api.answer(rec.recordId, id, 2, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ResultCode.applyLoadFailed);
    }
    expect((await api.getApply(rec.recordId, id, owner.token)).json().payload.status).toBe(1);
    const bad = await t.post(
      '/api/record/permission/updateApply',
      { recordId: rec.recordId, permissionRequestId: id, status: 4 },
      owner.token,
    );
    expect(bad.statusCode).toBe(400);
  });

  test('the owner cannot apply for their own recording; a visitor must sign in; a missing recording is 404', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    const own = await api.apply(rec.recordId, owner.token);
    expect(own.statusCode).toBe(409);
    expect(own.json().key).toBe('applyOwnRecording');
    const guest = await visitor(t);
    const asGuest = await api.apply(rec.recordId, guest.token);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().key).toBe('realLoginRequired');
    const missing = await api.apply('no-such-recording', (await registered(t)).token);
    expect(missing.json().key).toBe('recordNotFound');
    expect((await api.messages(owner.token)).json().payload.list).toEqual([]);
  });
});

describe("answering on the recording's page", () => {
  test("the owner's page lists pending requests with the requester's name and email; approving there lets them in and the list empties; the requester is pushed the approval", async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const other = await registered(t);
    const rec = await makeRecording(t, owner, { withFiles: true, name: 'Budget 2027' });
    const who = (await t.post('/api/user/getUserInfo', {}, applicant.token)).json().payload;
    const applicantInbox = await sockets.open(applicant);
    expect((await api.info(rec.recordId, owner.token)).json().payload.accessRequests).toEqual([]);

    const id = (await api.apply(rec.recordId, applicant.token, 'Please')).json().payload
      .permissionRequestId as string;
    t.clock.advance(1000);
    await api.apply(rec.recordId, other.token);
    const page = (await api.info(rec.recordId, owner.token)).json().payload;
    expect(page.accessRequests).toHaveLength(2);
    expect(page.accessRequests[0]).toEqual({
      permissionRequestId: id,
      applicantName: who.userName,
      applicantEmail: who.email,
      reason: 'Please',
      status: 1,
      createTime: t.clock.now() - 1000,
    });
    // Only the owner sees who asks: the requester, once let in, gets no list.
    const approved = await api.answer(rec.recordId, id, 2, owner.token);
    expect(approved.json()).toMatchObject({ code: 0, payload: { status: 2 } });
    const after = (await api.info(rec.recordId, owner.token)).json().payload;
    expect(after.accessRequests).toHaveLength(1);
    expect(after.accessRequests[0].permissionRequestId).not.toBe(id);

    const told = await applicantInbox.next('new_message');
    if (told.msgType !== 'new_message') throw new Error('unexpected message');
    expect(contentOf(told.message)).toMatchObject({
      subType: 'approved',
      recordId: rec.recordId,
      recordName: 'Budget 2027',
    });
    const opened = await api.info(rec.recordId, applicant.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().payload.accessRequests).toBeUndefined();
    // The applicant reading their own request does not get the email back from the server.
    const mine = await api.getApply(rec.recordId, id, applicant.token);
    expect(mine.json().payload.applicantEmail).toBe('');
  });

  test('a lapsed request is no longer listed for the owner', async () => {
    const owner = await registered(t);
    const applicant = await registered(t);
    const rec = await makeRecording(t, owner);
    await api.apply(rec.recordId, applicant.token);
    expect((await api.info(rec.recordId, owner.token)).json().payload.accessRequests).toHaveLength(
      1,
    );
    t.clock.advance(RECORDING_ACCESS_TTL_MS + 1000);
    expect((await api.info(rec.recordId, owner.token)).json().payload.accessRequests).toEqual([]);
  });
});
