/**
 * The caption pipeline of a live room with this machine's real engines (voice activity, speech
 * recognition, translation, speech synthesis) and the real database: a speaker's audio — here a
 * LibriVox recording from Debian's pocketsphinx-testdata instead of Janus — becomes partial then
 * final lines for the readers, translated for a reader who asked, stored as the transcript,
 * spoken in Spanish to a listener, and paid for by the meeting's creator, once per minute.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CREDITS_PER_MINUTE, SIGNUP_AI_CREDITS, type SubtitleMessage } from '@meet/shared';
import {
  RoomCaptions,
  type CaptionMember,
  type InterpretAudio,
} from '../src/captions/room-captions.js';
import { PcmTap } from './engine-servers/pcm-tap.js';
import { build, type TestApp } from './helper.js';
import { joinedMeeting } from './room-members.js';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CLIP = 'sense_and_sensibility_01_austen_64kb-0870';

async function wavSamples(name: string): Promise<Int16Array> {
  const file = await readFile(`${LIBRIVOX}/${name}.wav`);
  const data = file.subarray(44);
  const samples = new Int16Array(data.length / 2);
  Buffer.from(samples.buffer).set(data);
  return samples;
}

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

test('a speaker becomes partial then final captions, translated for one reader, spoken in Spanish to a listener, stored and paid once a minute by the creator', async () => {
  const {
    meeting,
    members: [reader, listener],
  } = await joinedMeeting(t, ['visitor', 'registered']);
  const { captions, captionsStore, credits, conferences } = t.app;
  const conf = (await conferences.byNumber(meeting.id))!;
  // The host speaks English and has it interpreted into Spanish (a woman's voice); the reader
  // reads Spanish captions; the listener listens in Spanish.
  await t.post('/api/audio/startSubtitle', { conferenceUri: meeting.uri }, meeting.hostToken);
  await captionsStore.updateSettings(conf.id, meeting.hostId, {
    speakLanguage: 'en',
    interpretOn: true,
    interpretTarget: 'es',
    interpretTone: 2,
  });
  await captionsStore.updateSettings(conf.id, reader.userId, { captionLanguage: 'es' });
  await captionsStore.updateSettings(conf.id, listener.userId, {
    listenLanguage: 'es',
    captionsOn: false,
  });

  const samples = await wavSamples(CLIP);
  const members: CaptionMember[] = [
    { peerId: String(meeting.hostId), userId: meeting.hostId, name: 'Hana' },
    { peerId: String(reader.userId), userId: reader.userId, name: 'Reader' },
    { peerId: String(listener.userId), userId: listener.userId, name: 'Lee' },
  ];
  const room = new RoomCaptions(
    (await conferences.byNumber(meeting.id))!,
    {
      gateway: undefined as never,
      engines: t.app.engines,
      store: captionsStore,
      credits,
      service: captions,
      log: t.app.log,
      tap: () => new PcmTap(samples, { tickMs: 25, padSeconds: 2 }),
    },
    () => members,
  );
  await room.load();
  const lines = new Map<string, SubtitleMessage[]>();
  const audio: InterpretAudio[] = [];
  room.on('caption', (peerId, message) =>
    lines.set(peerId, [...(lines.get(peerId) ?? []), message]),
  );
  room.on('audio', (peerId, piece) => {
    expect(peerId).toBe(String(listener.userId));
    audio.push(piece);
  });
  room.handleTalking(members[0]!, true);

  await expect.poll(() => audio.some((a) => a.end), { timeout: 30_000 }).toBe(true);
  const hostLines = lines.get(String(meeting.hostId)) ?? [];
  const readerLines = lines.get(String(reader.userId)) ?? [];
  expect(lines.get(String(listener.userId))).toBeUndefined();

  // The host reads it as spoken: partials first, then the final, all of one utterance id.
  const partial = hostLines.find((l) => l.status === 'processing');
  const final = hostLines.find((l) => l.status === 'final' && l.srcText);
  expect(partial?.type).toBe('asr_realtime');
  expect(final).toMatchObject({ type: 'asr_final', srcLanguage: 'en', dstText: '', sname: 'Hana' });
  expect(final!.id).toBe(partial!.id);
  const reference = new Set(
    'and mister john dashwood had then leisure to consider how much there might be prudently in his power to do for them'.split(
      ' ',
    ),
  );
  const heard = final!.srcText.toLowerCase().split(/\s+/);
  expect(heard.filter((w) => reference.has(w)).length).toBeGreaterThanOrEqual(heard.length / 2);

  // The reader reads the same line in Spanish, with the original beside it.
  const translated = readerLines.find((l) => l.status === 'final' && l.id === final!.id);
  expect(translated).toMatchObject({
    type: 'translate_result_final',
    srcText: final!.srcText,
    dstLanguage: 'es',
  });
  expect(translated!.dstText).not.toBe('');
  expect(translated!.dstText).not.toBe(final!.srcText);

  // The listener hears it: real, non-silent speech of a plausible length.
  const pcm = Buffer.concat(audio.map((a) => a.pcm));
  const voice = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
  const rms = Math.sqrt(voice.reduce((sum, v) => sum + v * v, 0) / voice.length);
  expect(audio[0]!.language).toBe('es');
  expect(voice.length / audio[0]!.sampleRate).toBeGreaterThan(1);
  expect(rms).toBeGreaterThan(300);

  // Stored as the transcript.
  const stored = await captionsStore.transcript(conf.id);
  expect(stored.map((l) => l.text)).toEqual([final!.srcText]);

  // Paid by the creator: one minute of translation and one of interpretation, once each.
  expect(await credits.balance(meeting.hostId)).toBe(
    SIGNUP_AI_CREDITS - CREDITS_PER_MINUTE.translate - CREDITS_PER_MINUTE.interpret,
  );
  const usage = await credits.meetingUsage(conf.id);
  expect(usage.get('translate')).toEqual({ minutes: 1, credits: CREDITS_PER_MINUTE.translate });
  expect(usage.get('interpret')).toEqual({ minutes: 1, credits: CREDITS_PER_MINUTE.interpret });
  await room.close();
});

test('when the creator runs out of credits, translation stops for everyone: the reader gets the line as spoken and nothing is charged below zero', async () => {
  const {
    meeting,
    members: [reader],
  } = await joinedMeeting(t, ['visitor']);
  const { captions, captionsStore, credits, conferences } = t.app;
  const conf = (await conferences.byNumber(meeting.id))!;
  await t.post('/api/audio/startSubtitle', { conferenceUri: meeting.uri }, meeting.hostToken);
  await captionsStore.updateSettings(conf.id, reader.userId, { captionLanguage: 'es' });
  expect(
    await credits.charge({
      userId: meeting.hostId,
      credits: SIGNUP_AI_CREDITS,
      reason: 'interpret',
      chargeKey: `drain-${meeting.hostId}`,
    }),
  ).toBe('charged');
  const stopped: string[][] = [];
  captions.on('stateChanged', (conferenceId, state) => {
    if (conferenceId === meeting.id) stopped.push(state.stopped);
  });

  const members: CaptionMember[] = [
    { peerId: String(meeting.hostId), userId: meeting.hostId, name: 'Hana' },
    { peerId: String(reader.userId), userId: reader.userId, name: 'Reader' },
  ];
  const samples = await wavSamples('sense_and_sensibility_01_austen_64kb-0880');
  const live = new RoomCaptions(
    (await conferences.byNumber(meeting.id))!,
    {
      gateway: undefined as never,
      engines: t.app.engines,
      store: captionsStore,
      credits,
      service: captions,
      log: t.app.log,
      tap: () => new PcmTap(samples, { tickMs: 25, padSeconds: 2 }),
    },
    () => members,
  );
  await live.load();
  const readerLines: SubtitleMessage[] = [];
  live.on('caption', (peerId, message) => {
    if (peerId === String(reader.userId)) readerLines.push(message);
  });
  live.handleTalking(members[0]!, true);
  await expect
    .poll(() => readerLines.some((l) => l.status === 'final' && l.srcText), { timeout: 30_000 })
    .toBe(true);
  const final = readerLines.find((l) => l.status === 'final' && l.srcText)!;
  expect(final).toMatchObject({ type: 'asr_final', dstText: '' });
  expect(stopped.at(-1)).toContain('translate');
  expect((await captionsStore.settingsOf(conf.id, reader.userId)).captionLanguage).toBe('');
  expect(await credits.balance(meeting.hostId)).toBe(0);
  await live.close();
});
