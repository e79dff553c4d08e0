/**
 * Translations in step with captions (issue 31), with this machine's real engines (PocketSphinx,
 * Apertium en→es) and a LibriVox recording played in real time as the speaker's audio: a reader
 * with Spanish captions reads the translation of the words so far while the line is spoken
 * (translate_realtime_result) and the translated final promptly after the line ends; a reader
 * asking for a language no engine here translates into is told why (dstError).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { SubtitleMessage } from '@meet/shared';
import { RoomCaptions, type CaptionMember } from '../src/captions/room-captions.js';
import { PcmTap } from './engine-servers/pcm-tap.js';
import { build, type TestApp } from './helper.js';
import { joinedMeeting } from './room-members.js';

const CLIP =
  '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

test('a reader with Spanish captions reads the line translated while it is spoken, and the translated final within 5 s of the original final', async () => {
  const {
    meeting,
    members: [reader, french],
  } = await joinedMeeting(t, ['visitor', 'visitor']);
  const { captions, captionsStore, credits, conferences } = t.app;
  const conf = (await conferences.byNumber(meeting.id))!;
  await t.post('/api/audio/startSubtitle', { conferenceUri: meeting.uri }, meeting.hostToken);
  await captionsStore.updateSettings(conf.id, meeting.hostId, { speakLanguage: 'en' });
  await captionsStore.updateSettings(conf.id, reader.userId, { captionLanguage: 'es' });
  // Apertium here has no English→French pair (ls /usr/share/apertium/modes: eng-spa, spa-eng).
  await captionsStore.updateSettings(conf.id, french.userId, { captionLanguage: 'fr' });

  const file = await readFile(CLIP);
  const samples = new Int16Array(file.length / 2 - 22);
  Buffer.from(samples.buffer).set(file.subarray(44, 44 + samples.length * 2));
  const members: CaptionMember[] = [
    { peerId: 'host', userId: meeting.hostId, name: 'Hana' },
    { peerId: 'reader', userId: reader.userId, name: 'Reader' },
    { peerId: 'french', userId: french.userId, name: 'Fleur' },
  ];
  // When the speech engine gave the final line: what the translated final is measured from.
  const finals: number[] = [];
  const proto = RoomCaptions.prototype as unknown as {
    final: (...args: unknown[]) => Promise<void>;
  };
  const final = proto.final;
  vi.spyOn(proto, 'final').mockImplementation(function (this: unknown, ...args: unknown[]) {
    finals.push(Date.now());
    return final.apply(this, args);
  });
  const room = new RoomCaptions(
    (await conferences.byNumber(meeting.id))!,
    {
      gateway: undefined as never,
      engines: t.app.engines,
      store: captionsStore,
      credits,
      service: captions,
      log: t.app.log,
      tap: () => new PcmTap(samples, { tickMs: 100, padSeconds: 2 }),
    },
    () => members,
  );
  await room.load();
  const lines: (SubtitleMessage & { at: number })[] = [];
  const frenchLines: SubtitleMessage[] = [];
  room.on('caption', (peerId, message) => {
    if (peerId === 'reader') lines.push({ ...message, at: Date.now() });
    if (peerId === 'french') frenchLines.push(message);
  });
  room.handleTalking(members[0]!, true);

  await expect
    .poll(() => lines.find((l) => l.type === 'translate_result_final'), { timeout: 40_000 })
    .toBeTruthy();
  const translatedFinal = lines.find((l) => l.type === 'translate_result_final')!;
  expect(translatedFinal.dstLanguage).toBe('es');
  expect(translatedFinal.dstText).not.toBe(translatedFinal.srcText);
  const waited = translatedFinal.at - finals[0]!;
  console.log(`original final → translated final: ${waited} ms`);
  expect(waited).toBeLessThanOrEqual(5000);

  // While the line was spoken, the reader already read it in Spanish, before the final.
  const early = lines.filter((l) => l.type === 'translate_realtime_result');
  expect(early.length).toBeGreaterThan(0);
  expect(early[0]!).toMatchObject({ status: 'processing', dstLanguage: 'es' });
  expect(early[0]!.at).toBeLessThan(finals[0]!);
  expect(early[0]!.dstText).not.toBe(early[0]!.srcText);

  // The French reader's line says why it is not translated, instead of silently coming as spoken.
  const frenchFinal = frenchLines.find((l) => l.status === 'final' && l.srcText);
  expect(frenchFinal).toMatchObject({
    type: 'asr_final',
    dstText: '',
    dstLanguage: 'fr',
    dstError: 'noPair',
  });
  expect(frenchLines.some((l) => l.type === 'translate_realtime_result')).toBe(false);
  await room.close();
}, 60_000);
