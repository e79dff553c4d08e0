import { describe, expect, test } from 'vitest';
import { composePlan, partBounds, type ComposePlanInput } from './compose-plan.js';
import { partsFor } from './compose-files.js';
import { RECORDING_DEFAULTS } from './settings.js';

describe('partBounds', () => {
  test('cuts at whole seconds, into equal parts as near as that allows', () => {
    expect(partBounds(12_000, 3)).toEqual([0, 4_000, 8_000, 12_000]);
    expect(partBounds(61_500, 2)).toEqual([0, 31_000, 61_500]);
    expect(partBounds(600_000, 1)).toEqual([0, 600_000]);
  });

  test('never makes an empty part', () => {
    expect(partBounds(2_400, 4)).toEqual([0, 1_000, 2_000, 2_400]);
    expect(partBounds(400, 3)).toEqual([0, 400]);
  });
});

describe('partsFor', () => {
  const settings = (max: number) => ({ ...RECORDING_DEFAULTS, parts: { max, minMs: 30_000 } });
  test('one a core, none shorter than the minimum, at least one', () => {
    expect(partsFor(600_000, settings(2))).toBe(2);
    expect(partsFor(600_000, settings(8))).toBe(8);
    expect(partsFor(45_000, settings(4))).toBe(1);
    expect(partsFor(12_000, settings(4))).toBe(1);
    expect(partsFor(90_000, settings(4))).toBe(3);
  });
});

describe('composePlan in parts', () => {
  const input: ComposePlanInput = {
    recordType: 'video',
    layout: 'speech',
    durationMs: 12_000,
    timeline: [
      { type: 'join', userId: 1, name: 'Ann', at: 0 },
      { type: 'join', userId: 2, name: 'Ben', at: 0 },
    ],
    pictures: [
      // Ann's camera for the first 3 s, Ben's for the whole meeting, from 1 s.
      { userId: 1, source: 'camera', path: '/in/ann.webm', offsetMs: 0, durationMs: 3_000 },
      { userId: 2, source: 'camera', path: '/in/ben.webm', offsetMs: 1_000, durationMs: 11_000 },
    ],
    sounds: [{ path: '/in/ann.opus', offsetMs: 500, userId: 1 }],
    encode: RECORDING_DEFAULTS.encode,
    fontFile: '/font.ttc',
    workDir: '/work/plan',
    outputs: { video: '/work/video.mp4', audio: '/work/audio.m4a', wav: '/work/audio.wav' },
    parts: 3,
  };

  test('each part reads only the files it shows, from where it starts; the sound is one run; the join copies', () => {
    const plan = composePlan(input);
    const inputsOf = (args: string[]) =>
      args.flatMap((a, i) => (args[i - 1] === '-i' ? [a] : [])).filter((a) => a.startsWith('/in'));
    const video = plan.runs.filter((r) => r.kind === 'video');
    expect(video.map((r) => [r.part, r.durationMs])).toEqual([
      ['/work/plan/part-0.mp4', 4_000],
      ['/work/plan/part-1.mp4', 4_000],
      ['/work/plan/part-2.mp4', 4_000],
    ]);
    expect(video.map((r) => inputsOf(r.args))).toEqual([
      ['/in/ann.webm', '/in/ben.webm'],
      ['/in/ben.webm'],
      ['/in/ben.webm'],
    ]);
    // Ben's file starts 1 s into the first part, and is read from 3 s and 7 s into it after.
    const before = (args: string[], file: string) =>
      args.slice(args.indexOf(file) - 3, args.indexOf(file) - 1);
    expect(before(video[0]!.args, '/in/ben.webm')).toEqual(['-itsoffset', '1.000']);
    expect(before(video[1]!.args, '/in/ben.webm')).toEqual(['-ss', '3.000']);
    expect(before(video[2]!.args, '/in/ben.webm')).toEqual(['-ss', '7.000']);
    // Each part is its own length, video only.
    for (const r of video) {
      expect(r.args).toContain('-an');
      expect(r.args[r.args.indexOf('-t') + 1]).toBe('4.000');
    }
    const sound = plan.runs.filter((r) => r.kind === 'audio');
    expect(sound).toHaveLength(1);
    expect(inputsOf(sound[0]!.args)).toEqual(['/in/ann.opus']);
    expect(sound[0]!.args).toEqual(expect.arrayContaining(['/work/audio.m4a', '/work/audio.wav']));
    expect(plan.join).toEqual(expect.arrayContaining(['concat', '-c', 'copy', '/work/video.mp4']));
    const list = plan.files.find((f) => f.path.endsWith('parts.txt'))!.content;
    expect(list).toBe(video.map((r) => `file '${r.part}'\n`).join(''));
  });

  test('an audio recording is the sound run alone, with nothing to join', () => {
    const plan = composePlan({ ...input, recordType: 'audio', outputs: { audio: '/work/a.m4a' } });
    expect(plan.runs.map((r) => r.kind)).toEqual(['audio']);
    expect(plan.join).toBeNull();
  });
});
