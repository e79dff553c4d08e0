import { expect, test } from 'vitest';
import { transcriptFile } from './transcript-file.js';

const conf = { topic: 'Planning', startTime: 0, startedAt: new Date(1_000_000) };
const lines = [
  {
    speakerId: 1,
    speakerName: 'Ann',
    text: 'Hello all',
    language: 'en',
    startTime: 1_001_200,
    endTime: 1_003_000,
  },
  {
    speakerId: 2,
    speakerName: 'B<o>',
    text: 'a --> b\nc',
    language: 'en',
    startTime: 1_065_000,
    endTime: 1_066_500,
  },
];

test('WebVTT cues are timed from the meeting start and name the speaker', () => {
  const file = transcriptFile(conf, lines, 'vtt', 'en');
  expect(file.filename).toBe('Planning transcript.vtt');
  expect(file.contentType).toMatch(/^text\/vtt/);
  expect(file.body).toBe(
    'WEBVTT\n\n1\n00:00:01.200 --> 00:00:03.000\n<v Ann>Hello all\n\n2\n00:01:05.000 --> 00:01:06.500\n<v Bo>a → b c\n',
  );
});

test('plain text has a title in the request language, then one timed line each', () => {
  const file = transcriptFile(conf, lines, 'txt', 'zh');
  expect(file.filename).toBe('Planning 文字记录.txt');
  expect(file.body.split('\n')).toEqual([
    'Planning — 会议文字记录',
    '',
    '[00:01] Ann: Hello all',
    '[01:05] B<o>: a --> b c',
    '',
  ]);
});

test('speech that could not be recognised keeps its place and says so (issue 31)', () => {
  const unheard = {
    ...lines[0]!,
    text: '',
    recognized: false,
    startTime: 1_004_000,
    endTime: 1_006_000,
  };
  const txt = transcriptFile(conf, [lines[0]!, unheard], 'txt', 'en').body.split('\n');
  expect(txt[3]).toBe('[00:04] Ann: (speech not recognized)');
  const vtt = transcriptFile(conf, [unheard], 'vtt', 'zh').body;
  expect(vtt).toContain('00:00:04.000 --> 00:00:06.000\n<v Ann>（语音未能识别）');
});
