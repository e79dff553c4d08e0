/**
 * The records API on a real database: who may open a recording (owner, link, approved
 * applicants, nobody else), the page without signing in, my list with what was shared with me,
 * rename, delete (its files too, freeing storage), taking a shared recording off my list, and
 * the sharing scope. Recordings are made as rows (records-fixture.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BASIC_STORAGE_BYTES, PRO_STORAGE_BYTES, recordInfo } from '@meet/shared';
import { recordingAccess, recordings } from '../src/db/schema/index.js';
import { build, type TestApp } from './helper.js';
import { makePro, makeRecording, recordsApi } from './records-fixture.js';
import { registered, visitor, type Account } from './room-members.js';

let t: TestApp;
let api: ReturnType<typeof recordsApi>;

beforeAll(async () => {
  t = await build();
  api = recordsApi(t);
});
afterAll(() => t.close());

/** Lets `applicant` in the way the owner does: their request, approved. */
async function grant(recordId: string, owner: Account, applicant: Account): Promise<void> {
  const asked = await api.apply(recordId, applicant.token);
  expect(asked.json(), asked.body).toMatchObject({ code: 0 });
  const id = asked.json().payload.permissionRequestId as string;
  expect((await api.answer(recordId, id, 2, owner.token)).json()).toMatchObject({ code: 0 });
}

describe('who may open a recording', () => {
  test('the owner opens their ready recording with links to its files, transcript and scope', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, {
      withFiles: true,
      durationMs: 2000,
      transcript: [{ speakerId: owner.userId, text: 'Hello everyone', startTime: 500 }],
      joins: [{ userId: owner.userId, name: 'Olga', at: 0 }],
    });
    const res = await api.info(rec.recordId, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const info = recordInfo.parse(res.json().payload);
    expect(info).toMatchObject({
      recordId: rec.recordId,
      name: 'Weekly sync',
      status: 'ready',
      progress: 100,
      duration: 2,
      isOwner: true,
      shareScope: 'private',
      applyStatus: 0,
      summaryStatus: 'none',
      transcript: [{ speakerName: 'Olga', text: 'Hello everyone', startTime: 500 }],
    });
    expect(info.videoUrl).toMatch(/^\/files\/rec\/[^/]+\/video\?exp=\d+&sig=/);
    expect(info.audioUrl).toMatch(/\/audio\?/);
    expect(info.previewImg).toMatch(/\/preview\?/);
    expect(info.size).toBeGreaterThan(0);
  });

  test('a stranger gets 403 noRecordAccess with the teaser: name, owner and applyStatus 0', async () => {
    const owner = await registered(t);
    const stranger = await registered(t);
    const rec = await makeRecording(t, owner, { withFiles: true, name: 'Board meeting' });
    const res = await api.info(rec.recordId, stranger.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: -1,
      key: 'noRecordAccess',
      msg: 'No access permissions currently',
      payload: { recordId: rec.recordId, name: 'Board meeting', applyStatus: 0, access: false },
    });
    expect(res.json().payload.ownerName).toEqual(expect.any(String));
    // Nothing that would load the recording leaks.
    expect(res.body).not.toMatch(/files\/rec|transcript/);
    const zh = await t.post(
      '/api/record/getRecordInfo',
      { recordId: rec.recordId, language: 'zh' },
      stranger.token,
    );
    expect(zh.json().msg).toBe('暂无访问权限');
  });

  test('a link recording opens by its id without signing in; a private one answers the teaser', async () => {
    const owner = await registered(t);
    const shared = await makeRecording(t, owner, { withFiles: true, shareScope: 'link' });
    const open = await api.byUuid(shared.recordId);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().payload).toMatchObject({ recordId: shared.recordId, isOwner: false });
    expect(open.json().payload.videoUrl).toMatch(/\/files\/rec\//);

    const closed = await makeRecording(t, owner, { withFiles: true, shareScope: 'private' });
    const refused = await api.byUuid(closed.recordId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ key: 'noRecordAccess', payload: { applyStatus: 0 } });
    // A token that is no longer good is the same as none here: the page opens for anyone.
    const stale = await api.byUuid(shared.recordId, 'not-a-real-token');
    expect(stale.statusCode).toBe(200);
    // The owner's own token on the public call is the owner.
    expect((await api.byUuid(closed.recordId, owner.token)).json().payload.isOwner).toBe(true);
  });

  test('applicants scope lets in only those approved; private shuts them out again', async () => {
    const owner = await registered(t);
    const friend = await registered(t);
    const other = await registered(t);
    const rec = await makeRecording(t, owner, { withFiles: true, shareScope: 'applicants' });
    expect((await api.info(rec.recordId, friend.token)).statusCode).toBe(403);
    await grant(rec.recordId, owner, friend);
    const opened = await api.info(rec.recordId, friend.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().payload).toMatchObject({ applyStatus: 2, isOwner: false });
    expect((await api.info(rec.recordId, other.token)).statusCode).toBe(403);

    expect((await api.scope(rec.recordId, 'private', owner.token)).json()).toMatchObject({
      code: 0,
      payload: { shareScope: 'private' },
    });
    const shut = await api.info(rec.recordId, friend.token);
    expect(shut.statusCode).toBe(403);
    // Their request stays approved: the page can say the owner made it private.
    expect(shut.json().payload.applyStatus).toBe(2);
  });

  test('a missing recording is 404 recordNotFound, for anyone', async () => {
    const user = await registered(t);
    for (const res of [await api.info('no-such-recording', user.token), await api.byUuid('nope')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        key: 'recordNotFound',
        msg: 'The meeting recording could not be found',
      });
    }
  });

  test('a recording still processing shows its status and progress and no file links', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { status: 'processing', progress: 40 });
    const info = (await api.info(rec.recordId, owner.token)).json().payload;
    expect(info).toMatchObject({ status: 'processing', progress: 40, stage: 'compose' });
    expect(info.videoUrl).toBeUndefined();
    expect(info.audioUrl).toBeUndefined();
    expect(info.previewImg).toBe('');
  });

  test('getRecordInfo needs a token (203); a visitor without access gets the teaser', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { withFiles: true });
    expect((await api.info(rec.recordId)).json().code).toBe(203);
    const guest = await visitor(t);
    expect((await api.info(rec.recordId, guest.token)).statusCode).toBe(403);
  });
});

describe('my recordings', () => {
  test('mine and those shared with me, newest first, paged, with my storage used and allowed', async () => {
    const me = await registered(t);
    const friend = await registered(t);
    const now = t.clock.now();
    const old = await makeRecording(t, me, {
      name: 'Old',
      startedAt: now - 3 * 3600_000,
      sizeBytes: 1000,
    });
    const newer = await makeRecording(t, me, {
      name: 'New',
      startedAt: now - 3600_000,
      sizeBytes: 500,
    });
    const theirs = await makeRecording(t, friend, {
      name: 'Theirs',
      startedAt: now - 2 * 3600_000,
      shareScope: 'applicants',
      sizeBytes: 9999,
    });
    await makeRecording(t, friend, { name: 'Not shared', sizeBytes: 7 });
    await grant(theirs.recordId, friend, me);

    const page = (await api.mine(me.token)).json().payload;
    expect(page.list.map((r: { name: string }) => r.name)).toEqual(['New', 'Theirs', 'Old']);
    expect(page.list.map((r: { isOwner: boolean }) => r.isOwner)).toEqual([true, false, true]);
    expect(page).toMatchObject({ pageNum: 1, usedBytes: 1500, quotaBytes: BASIC_STORAGE_BYTES });

    const second = (await api.mine(me.token, { pageNum: 2, pageSize: 2 })).json().payload;
    expect(second.list.map((r: { recordId: string }) => r.recordId)).toEqual([old.recordId]);
    const first = (await api.mine(me.token, { pageNum: '1', pageSize: '2' })).json().payload;
    expect(first.list.map((r: { recordId: string }) => r.recordId)).toEqual([
      newer.recordId,
      theirs.recordId,
    ]);

    await makePro(t, me);
    expect((await api.mine(me.token)).json().payload.quotaBytes).toBe(PRO_STORAGE_BYTES);
  });

  test('a recording shared with me leaves my list when its owner makes it private', async () => {
    const me = await registered(t);
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    await grant(rec.recordId, owner, me);
    expect((await api.mine(me.token)).json().payload.list).toHaveLength(1);
    await api.scope(rec.recordId, 'private', owner.token);
    expect((await api.mine(me.token)).json().payload.list).toHaveLength(0);
  });
});

describe('rename, delete and the sharing scope: the owner only', () => {
  test('the owner renames; the name is required and at most 100 characters', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner);
    const renamed = await t.post(
      '/api/record/updateRecordName',
      { recordId: rec.recordId, newRecordName: '  Q3 planning  ' },
      owner.token,
    );
    expect(renamed.json()).toMatchObject({ code: 0, payload: { name: 'Q3 planning' } });
    const blank = await t.post(
      '/api/record/updateRecordName',
      { recordId: rec.recordId, newRecordName: '   ' },
      owner.token,
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ key: 'recordNameRequired', msg: 'Please enter a name' });
    const long = await t.post(
      '/api/record/updateRecordName',
      { recordId: rec.recordId, newRecordName: 'x'.repeat(101) },
      owner.token,
    );
    expect(long.statusCode).toBe(400);
    expect((await api.info(rec.recordId, owner.token)).json().payload.name).toBe('Q3 planning');
  });

  test('someone else renaming, deleting or changing the scope gets 403, even when let in', async () => {
    const owner = await registered(t);
    const friend = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'link' });
    await grant(rec.recordId, owner, friend);
    const calls = [
      t.post(
        '/api/record/updateRecordName',
        { recordId: rec.recordId, newRecordName: 'Mine' },
        friend.token,
      ),
      t.post('/api/record/deleteRecord', { recordId: rec.recordId }, friend.token),
      api.scope(rec.recordId, 'private', friend.token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().key).toBe('recordOwnerOnly');
    }
    const info = (await api.info(rec.recordId, owner.token)).json().payload;
    expect(info).toMatchObject({ name: 'Weekly sync', shareScope: 'link' });
  });

  test('deleting removes the files and the rows and frees the storage they used', async () => {
    const owner = await registered(t);
    const keep = await makeRecording(t, owner, { sizeBytes: 100 });
    const rec = await makeRecording(t, owner, { withFiles: true });
    const before = (await api.mine(owner.token)).json().payload.usedBytes as number;
    const link = (await api.info(rec.recordId, owner.token)).json().payload.videoUrl as string;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    const res = await t.post('/api/record/deleteRecord', { recordId: rec.recordId }, owner.token);
    expect(res.json()).toMatchObject({ code: 0 });
    const after = (await api.mine(owner.token)).json().payload;
    expect(after.usedBytes).toBe(100);
    expect(before - after.usedBytes).toBeGreaterThan(1000);
    expect(after.list.map((r: { recordId: string }) => r.recordId)).toEqual([keep.recordId]);
    for (const key of rec.keys) expect(await t.app.blobs.get(key)).toBeNull();
    expect((await api.info(rec.recordId, owner.token)).json().key).toBe('recordNotFound');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const rows = await t.database.db.select().from(recordings).where(eq(recordings.id, rec.id));
    expect(rows).toEqual([]);
  });

  test('a recording still being recorded or processed cannot be deleted yet', async () => {
    const owner = await registered(t);
    for (const status of ['recording', 'processing'] as const) {
      const rec = await makeRecording(t, owner, { status });
      const res = await t.post('/api/record/deleteRecord', { recordId: rec.recordId }, owner.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().key).toBe('recordingNotReady');
    }
  });

  test('the scope takes only private, applicants or link', async () => {
    const owner = await registered(t);
    const rec = await makeRecording(t, owner);
    expect((await api.scope(rec.recordId, 'everyone', owner.token)).statusCode).toBe(400);
    for (const scope of ['link', 'applicants', 'private']) {
      expect((await api.scope(rec.recordId, scope, owner.token)).json().payload.shareScope).toBe(
        scope,
      );
    }
  });
});

describe('deleteSharedRecord', () => {
  test('takes a recording shared with me off my list; the owner keeps it and I can still open it by link', async () => {
    const me = await registered(t);
    const owner = await registered(t);
    const rec = await makeRecording(t, owner, { shareScope: 'applicants' });
    await grant(rec.recordId, owner, me);
    const res = await t.post(
      '/api/record/deleteSharedRecord',
      { recordId: rec.recordId },
      me.token,
    );
    expect(res.json()).toMatchObject({ code: 0 });
    expect((await api.mine(me.token)).json().payload.list).toEqual([]);
    expect((await api.mine(owner.token)).json().payload.list).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(recordingAccess)
      .where(eq(recordingAccess.recordingId, rec.id));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    // Twice: nothing left to take off.
    const again = await t.post(
      '/api/record/deleteSharedRecord',
      { recordId: rec.recordId },
      me.token,
    );
    expect(again.json().key).toBe('recordNotFound');
  });

  test('a recording never shared with me, or my own, is refused', async () => {
    const me = await registered(t);
    const owner = await registered(t);
    const theirs = await makeRecording(t, owner, { shareScope: 'link' });
    const mine = await makeRecording(t, me);
    const notShared = await t.post(
      '/api/record/deleteSharedRecord',
      { recordId: theirs.recordId },
      me.token,
    );
    expect(notShared.statusCode).toBe(404);
    const own = await t.post(
      '/api/record/deleteSharedRecord',
      { recordId: mine.recordId },
      me.token,
    );
    expect(own.statusCode).toBe(409);
    expect(own.json().key).toBe('ownRecordingNotShared');
    expect((await api.mine(me.token)).json().payload.list).toHaveLength(1);
  });
});
