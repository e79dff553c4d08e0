/**
 * The captions calls (`/audio/*`, `setAsrStatus`, `/energyPoint/*`) with the real engines of
 * this machine: who may turn what on, what the engines can do, who pays, and the transcript.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNUP_AI_CREDITS } from '@meet/shared';
import { build, type TestApp } from './helper.js';
import { createMeeting, joinApi, registered, visitor, type Meeting } from './room-members.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const call = (path: string, token: string, body: object = {}) =>
  t.post(`/api/${path}`, body, token);

/** A meeting with its host and a guest in it (through the API). */
async function meeting(): Promise<Meeting & { guest: { token: string; userId: number } }> {
  const m = await createMeeting(t);
  expect((await joinApi(t, m.hostToken, m.id, 'host')).json().code).toBe(0);
  const guest = await visitor(t);
  expect((await joinApi(t, guest.token, m.id, 'guest')).json().code).toBe(0);
  return { ...m, guest };
}

describe('turning captions on and off', () => {
  test('a member turns captions on for themselves, which turns them on in the meeting', async () => {
    const m = await meeting();
    const res = await call('audio/startSubtitle', m.guest.token, { conferenceUri: m.uri });
    expect(res.json()).toMatchObject({
      code: 0,
      payload: { state: { asrStatus: 1, locked: false }, speech: { captionsOn: true } },
    });
    const info = (await t.post('/api/conference/conferenceInfo', { conferenceId: m.id })).json();
    expect(info.payload.asrStatus).toBe(1);
    const off = await call('audio/stopSubtitle', m.guest.token, { conferenceUri: m.uri });
    expect(off.json().payload).toMatchObject({
      state: { asrStatus: 1 },
      speech: { captionsOn: false },
    });
  });

  test('someone not in the meeting is refused', async () => {
    const m = await meeting();
    const outsider = await registered(t);
    const res = await call('audio/startSubtitle', outsider.token, { conferenceUri: m.uri });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'notInMeeting' });
  });

  test('only the host turns captions off for everyone; then members cannot turn them on until the host does', async () => {
    const m = await meeting();
    const member = await call('conference/setAsrStatus', m.guest.token, {
      conferenceUri: m.uri,
      asrStatus: 0,
    });
    expect(member.statusCode).toBe(403);
    expect(member.json().key).toBe('hostOnly');
    const off = await call('conference/setAsrStatus', m.hostToken, {
      conferenceUri: m.uri,
      asrStatus: 0,
    });
    expect(off.json().payload).toMatchObject({ asrStatus: 0, locked: true });
    const refused = await call('audio/startSubtitle', m.guest.token, { conferenceUri: m.uri });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      key: 'captionsLocked',
      msg: 'The host has turned captions off for everyone',
    });
    const on = await call('conference/setAsrStatus', m.hostToken, {
      conferenceUri: m.uri,
      asrStatus: 1,
    });
    expect(on.json().payload).toMatchObject({ asrStatus: 1, locked: false });
    expect(
      (await call('audio/startSubtitle', m.guest.token, { conferenceUri: m.uri })).json().code,
    ).toBe(0);
  });
});

describe('languages and engines', () => {
  test('getTranslateLanguage lists only what the engines here can do, named in the request language', async () => {
    const user = await registered(t);
    const res = await call('audio/getTranslateLanguage', user.token, { language: 'zh' });
    const { list, engines } = res.json().payload;
    expect(engines.asr).toMatch(/pocketsphinx/i);
    expect(engines.translate).toMatch(/apertium/i);
    expect(engines.tts).toMatch(/espeak/i);
    const en = list.find((l: { code: string }) => l.code === 'en');
    expect(en).toMatchObject({ name: '英语', recognize: true, speak: true });
    expect(en.translateTo).toContain('es');
    const zh = list.find((l: { code: string }) => l.code === 'zh');
    // Mandarin can be spoken by eSpeak NG, but nothing here recognizes or translates it.
    if (zh) expect(zh).toMatchObject({ recognize: false, translateTo: [] });
  });

  test('Chinese speech cannot be interpreted without an engine for it, and nothing is charged', async () => {
    const m = await meeting();
    const res = await call('audio/startInterpret', m.hostToken, {
      conferenceUri: m.uri,
      sourceLanguage: 1,
      translateLanguage: 2,
      translateTone: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      key: 'speechUnavailable',
      msg: 'No speech engine here recognizes Chinese: captions for it need another engine',
    });
    expect(await t.app.credits.balance(m.hostId)).toBe(SIGNUP_AI_CREDITS);
  });

  test('captions cannot be translated into a language no engine translates into', async () => {
    const m = await meeting();
    const res = await call('audio/startTranslate', m.hostToken, {
      conferenceUri: m.uri,
      dstLanguage: 'ja',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().key).toBe('translationUnavailable');
  });

  test('the language I speak is stored, and whether it is recognized here is said', async () => {
    const m = await meeting();
    const zh = await call('audio/updateVoiceLanguage', m.guest.token, {
      conferenceUri: m.uri,
      dstLanguage: 'zh',
    });
    expect(zh.json().payload).toMatchObject({
      speech: { speakLanguage: 'zh' },
      recognized: false,
    });
    const en = await call('audio/updateVoiceLanguage', m.guest.token, {
      conferenceUri: m.uri,
      voiceLanguage: 'en',
    });
    expect(en.json().payload).toMatchObject({ speech: { speakLanguage: 'en' }, recognized: true });
  });
});

describe('who may use AI translation, and who pays', () => {
  test('a participant needs the host to allow translation; the host may always', async () => {
    const m = await meeting();
    const body = { conferenceUri: m.uri, dstLanguage: 'es' };
    const refused = await call('audio/startTranslate', m.guest.token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('translateNotAllowed');
    expect((await call('audio/startTranslate', m.hostToken, body)).json().code).toBe(0);
    const member = await call('audio/enableTranslate', m.guest.token, { conferenceUri: m.uri });
    expect(member.statusCode).toBe(403);
    const allowed = await call('audio/enableTranslate', m.hostToken, { conferenceUri: m.uri });
    expect(allowed.json().payload).toMatchObject({ translateAllowed: true });
    const ok = await call('audio/startTranslate', m.guest.token, body);
    expect(ok.json().payload.speech).toMatchObject({ captionLanguage: 'es' });
    const stopped = await call('audio/stopTranslate', m.guest.token, { conferenceUri: m.uri });
    expect(stopped.json().payload.speech).toMatchObject({
      captionLanguage: '',
      listenLanguage: '',
    });
  });

  test('when the creator has no credits left, translation is refused with 4038', async () => {
    const m = await meeting();
    const charged = await t.app.credits.charge({
      userId: m.hostId,
      credits: SIGNUP_AI_CREDITS,
      reason: 'translate',
      chargeKey: `drain-${m.hostId}`,
    });
    expect(charged).toBe('charged');
    const res = await call('audio/startTranslate', m.hostToken, {
      conferenceUri: m.uri,
      dstLanguage: 'es',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 4038, key: 'outOfPoints' });
  });

  test('points info: my credits, the creator credits for a meeting with members translating, and my spending by page', async () => {
    const m = await meeting();
    await call('audio/startTranslate', m.hostToken, { conferenceUri: m.uri, dstLanguage: 'es' });
    const conf = await t.app.conferences.byNumber(m.id);
    for (let minute = 0; minute < 3; minute++) {
      await t.app.credits.charge({
        userId: m.hostId,
        credits: 1,
        reason: 'translate',
        conferenceId: conf!.id,
        minutes: 1,
        chargeKey: `translate:${conf!.id}:${minute}`,
      });
    }
    const creator = await call('energyPoint/getCreatorEnergyPointInfo', m.guest.token, {
      conferenceUri: m.uri,
    });
    expect(creator.json().payload).toMatchObject({
      totalEnergyPoint: SIGNUP_AI_CREDITS - 3,
      totalSpeed: 1,
      availableMinutes: SIGNUP_AI_CREDITS - 3,
      translateUsage: { perMinuteSpeed: 1, members: 1, minutes: 3, credits: 3 },
      interpretUsage: { perMinuteSpeed: 2, members: 0, minutes: 0, credits: 0 },
    });
    const mine = await call('energyPoint/getMyEnergyPointInfo', m.hostToken);
    expect(mine.json().payload).toMatchObject({
      totalEnergyPoint: SIGNUP_AI_CREDITS - 3,
      translateUsage: { minutes: 3, credits: 3 },
    });
    const detail = await call('energyPoint/getConsumeDetailRecord', m.hostToken, {
      pageNum: 1,
      pageSize: 2,
    });
    expect(detail.json().payload.list).toHaveLength(2);
    expect(detail.json().payload.list[0]).toMatchObject({
      feature: 'translate',
      credits: 1,
      minutes: 1,
      conferenceId: m.id,
      conferenceName: 'Room',
    });
    const second = await call('energyPoint/getConsumeDetailRecord', m.hostToken, {
      pageNum: 2,
      pageSize: 2,
    });
    expect(second.json().payload.list).toHaveLength(1);
  });
});

describe('the transcript', () => {
  test('members and the creator read the final lines in order; others may not', async () => {
    const m = await meeting();
    const conf = await t.app.conferences.byNumber(m.id);
    const lines = t.app.captionsStore;
    const base = t.clock.now();
    await lines.addLine({
      conferenceId: conf!.id,
      speakerId: m.guest.userId,
      speakerName: 'Guest',
      text: 'second line',
      language: 'en',
      engine: 'test',
      startTime: base + 5000,
      endTime: base + 6000,
    });
    await lines.addLine({
      conferenceId: conf!.id,
      speakerId: m.hostId,
      speakerName: 'Host',
      text: 'first line',
      language: 'en',
      engine: 'test',
      startTime: base + 1000,
      endTime: base + 2500,
    });
    const res = await call('audio/getTranscript', m.guest.token, { conferenceUri: m.uri });
    expect(res.json().payload.list).toEqual([
      {
        speakerId: m.hostId,
        speakerName: 'Host',
        text: 'first line',
        language: 'en',
        startTime: base + 1000,
        endTime: base + 2500,
      },
      {
        speakerId: m.guest.userId,
        speakerName: 'Guest',
        text: 'second line',
        language: 'en',
        startTime: base + 5000,
        endTime: base + 6000,
      },
    ]);
    const outsider = await registered(t);
    expect(
      (await call('audio/getTranscript', outsider.token, { conferenceUri: m.uri })).statusCode,
    ).toBe(403);

    // After the meeting the creator still can; the WebVTT file has both cues.
    await call('conference/quitConference', m.guest.token, {
      conferenceId: m.id,
      deviceId: 'guest',
    });
    await call('conference/quitConference', m.hostToken, { conferenceId: m.id, deviceId: 'host' });
    const file = await call('audio/downloadTranscript', m.hostToken, {
      conferenceUri: m.uri,
      format: 'vtt',
    });
    expect(file.headers['content-type']).toMatch(/^text\/vtt/);
    // An ASCII name needs only the plain form (the content-disposition package's choice).
    expect(file.headers['content-disposition']).toBe('attachment; filename="Room transcript.vtt"');
    expect(file.body).toMatch(
      /^WEBVTT\n\n1\n.*\n<v Host>first line\n\n2\n.*\n<v Guest>second line\n$/s,
    );
  });
});
